import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../lib/MenuIcon.tsx';
import {
  activeTopMenu,
  flattenRoutes,
  normalisePath,
  targetToHref,
  type MenuRoute,
  type RouteTarget,
} from '@park/core';

/** One row of the top bar (spec 002 §2: row height 60px). */
export const TOP_MENU_ROW_HEIGHT = 60;

function targetOf(route: MenuRoute): RouteTarget {
  return route.redirect ?? { path: route.path, query: route.query };
}

function visibleChildren(route: MenuRoute): MenuRoute[] {
  return route.children.filter((c) => !c.hidden);
}

type MenuItems = NonNullable<MenuProps['items']>;

function toDropdownItems(routes: readonly MenuRoute[]): MenuItems {
  return routes.map((r) => {
    const children = visibleChildren(r);
    const key = String(r.menuId);
    const icon = <MenuIcon name={r.iconName} />;
    return children.length > 0
      ? { key, icon, label: r.name, children: toDropdownItems(children) }
      : { key, icon, label: r.name };
  });
}

function TopMenuItem({ route, active }: { route: MenuRoute; active: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const children = visibleChildren(route);
  const link = (
    <Link
      to={targetToHref(targetOf(route))}
      className={active ? 'top-menu-item top-menu-item-active' : 'top-menu-item'}
      aria-current={active ? 'page' : undefined}
    >
      {route.name}
    </Link>
  );
  if (children.length === 0) return link;

  const descendants = flattenRoutes(children);
  const here = normalisePath(pathname);
  const selectedKeys = descendants.filter((r) => r.path === here).map((r) => String(r.menuId));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const chosen = descendants.find((r) => String(r.menuId) === key);
    if (chosen) void navigate(targetToHref(targetOf(chosen)));
  };
  return (
    <Dropdown
      menu={{ items: toDropdownItems(children), onClick, selectable: true, selectedKeys }}
      placement="bottomLeft"
    >
      {link}
    </Dropdown>
  );
}

/**
 * Level-1 menus in one 60px row. When they do not fit they wrap into further rows inside a
 * clipped 60px window, and the arrow steps through the rows.
 */
export function TopMenu({ routes }: { routes: MenuRoute[] }) {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLDivElement>(null);
  const [rowCount, setRowCount] = useState(1);
  const [row, setRow] = useState(0);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // ResizeObserver reports once on observe, then on every width change or re-wrap.
    const observer = new ResizeObserver(() => {
      setRowCount(Math.max(1, Math.round(list.scrollHeight / TOP_MENU_ROW_HEIGHT)));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const activeId = useMemo(() => activeTopMenu(routes, pathname)?.menuId, [routes, pathname]);
  // The window may have grown since the user stepped down: never point past the last row.
  const currentRow = row < rowCount ? row : 0;
  const lastRow = currentRow === rowCount - 1;

  return (
    <nav className="top-menu" aria-label="主菜单">
      <div className="top-menu-viewport">
        <div
          ref={listRef}
          className="top-menu-list"
          onFocus={(e) => {
            // Tabbing onto a menu in a hidden row brings that row into the window.
            const target = e.target as HTMLElement;
            const list = listRef.current;
            if (!list || !list.contains(target)) return;
            const offset = target.getBoundingClientRect().top - list.getBoundingClientRect().top;
            setRow(Math.max(0, Math.floor((offset + 1) / TOP_MENU_ROW_HEIGHT)));
          }}
          style={{ transform: `translateY(-${currentRow * TOP_MENU_ROW_HEIGHT}px)` }}
        >
          {routes.map((route) => (
            <TopMenuItem key={route.menuId} route={route} active={route.menuId === activeId} />
          ))}
        </div>
      </div>
      {rowCount > 1 && (
        <button
          type="button"
          className="top-bar-icon-btn top-menu-arrow"
          aria-label="切换菜单行"
          title={`第 ${currentRow + 1}/${rowCount} 行`}
          onClick={() => setRow((currentRow + 1) % rowCount)}
        >
          {lastRow ? <UpOutlined /> : <DownOutlined />}
        </button>
      )}
    </nav>
  );
}
