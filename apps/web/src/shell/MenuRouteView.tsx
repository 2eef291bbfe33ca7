import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { firstMenuTarget, matchMenuRoute, normalisePath, targetToHref, type MenuRoute } from '@park/core';
import { useSession } from '../app/session.tsx';
import { PageSpin } from './PageSpin.tsx';
import { RegisteredPage } from './RegisteredPage.tsx';

const APP_TITLE = '封闭园区低代码平台';

/** Pages that take an id as their last path segment, so a menu `/form/list` also owns `/form/list/12`. */
const TRAILING_ID_COMPONENTS = new Set(['FormCustom']);

type Resolution =
  | { kind: 'redirect'; href: string }
  | { kind: 'page'; route: MenuRoute }
  | { kind: 'none' };

function resolve(menus: readonly MenuRoute[], pathname: string): Resolution {
  const route = matchMenuRoute(menus, pathname);
  if (!route) return { kind: 'none' };
  const exact = route.path === normalisePath(pathname);
  if (exact && route.redirect) return { kind: 'redirect', href: targetToHref(route.redirect) };
  if (exact || (route.component && TRAILING_ID_COMPONENTS.has(route.component))) {
    return { kind: 'page', route };
  }
  return { kind: 'none' };
}

function useDocumentTitle(name: string | undefined) {
  useEffect(() => {
    document.title = name ? `${name} - ${APP_TITLE}` : APP_TITLE;
  }, [name]);
}

/** Every path that is not a fixed route: resolved against the user's menus, else 404. */
export function MenuRouteView() {
  const { pathname } = useLocation();
  const { menus, menusSettled } = useSession();
  const resolution = resolve(menus, pathname);
  const route = resolution.kind === 'page' ? resolution.route : undefined;
  useDocumentTitle(route?.name);

  if (resolution.kind === 'redirect') return <Navigate to={resolution.href} replace />;
  if (route) return <RegisteredPage key={route.path} component={route.component} menuName={route.name} />;
  // The cached menus may predate a newly granted page: wait for the server before saying 404.
  if (!menusSettled) return <PageSpin />;
  return <Navigate to="/404" replace />;
}

/** `/` goes to the first menu (spec 002 §2 Fixed routes). */
export function RootRedirect() {
  const { menus, menusSettled } = useSession();
  if (!menusSettled) return <PageSpin />;
  const target = firstMenuTarget(menus);
  if (!target) return null;
  // A menu at `/` itself would redirect forever; render it in place instead.
  if (target.path === '/') return <MenuRouteView />;
  return <Navigate to={targetToHref(target)} replace />;
}
