import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

function TopMenuItem({ route, active, fresh }: { route: MenuRoute; active: boolean; fresh: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const children = visibleChildren(route);
  const link = (
    <Link
      to={targetToHref(targetOf(route))}
      className={['top-menu-item', active && 'top-menu-item-active', fresh && 'top-menu-item-new'].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
      data-menu-id={route.menuId}
      title={route.name}
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

/** How long a menu that just appeared stays highlighted. */
const FRESH_MS = 6000;

/**
 * The level-1 menu that appeared since the last menu list (a report just published to the top
 * bar), for a while; none on the first list, which is the session's own.
 */
function useFreshMenu(routes: MenuRoute[]): number | null {
  const known = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<number | null>(null);
  useEffect(() => {
    const before = known.current;
    known.current = new Set(routes.map((r) => r.menuId));
    const added = before && before.size > 0 ? routes.find((r) => !before.has(r.menuId)) : undefined;
    if (added) setFresh(added.menuId);
  }, [routes]);
  useEffect(() => {
    if (fresh === null) return;
    const t = setTimeout(() => setFresh(null), FRESH_MS);
    return () => clearTimeout(t);
  }, [fresh]);
  return fresh;
}

/**
 * Level-1 menus in one 60px row. When they do not fit they wrap into further rows inside a
 * clipped 60px window, and the arrow (更多) steps through the rows (spec 002 §2). The window shows
 * the row of the current page's menu, and of a menu that just appeared, where whoever published it
 * looks for it.
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
  const fresh = useFreshMenu(routes);

  // Measured after layout: which row the fresh or active menu wrapped into. The user's own steps
  // through the rows stay until one of these changes.
  const shownId = fresh ?? activeId;
  useLayoutEffect(() => {
    const item = shownId === undefined ? null : listRef.current?.querySelector<HTMLElement>(`[data-menu-id="${shownId}"]`);
    if (item) setRow(Math.floor((item.offsetTop + 1) / TOP_MENU_ROW_HEIGHT));
  }, [shownId, rowCount]);
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
            <TopMenuItem key={route.menuId} route={route} active={route.menuId === activeId} fresh={route.menuId === fresh} />
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
          <span>{lastRow ? '首行' : '更多'}</span>
        </button>
      )}
    </nav>
  );
}
