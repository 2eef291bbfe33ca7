import { Navigate, useLocation } from 'react-router';
import {
  firstMenuTarget,
  flattenRoutes,
  matchMenuRoute,
  normalisePath,
  targetToHref,
  type MenuRoute,
} from '@park/core';
import { canonicalPage } from '../lib/pageAliases.ts';
import { useSession } from '../lib/session.tsx';
import { PageSpin } from '../shell/PageSpin.tsx';
import { RegisteredPage } from './RegisteredPage.tsx';

/** Pages that take an id as their last path segment, so a menu `/form/list` also owns `/form/list/12`. */
const TRAILING_ID_COMPONENTS = new Set(['FormCustom']);

type Resolution = { kind: 'redirect'; href: string } | { kind: 'page'; route: MenuRoute } | { kind: 'none' };

function resolve(menus: readonly MenuRoute[], pathname: string): Resolution {
  let route = matchMenuRoute(menus, pathname);
  if (!route) return { kind: 'none' };
  const here = normalisePath(pathname);
  const exact = route.path === here;
  if (exact && route.redirect) {
    if (route.redirect.path !== here) return { kind: 'redirect', href: targetToHref(route.redirect) };
    // A /custom parent shares its first child's path: redirecting would loop, so show the child.
    route = flattenRoutes(menus).find((r) => r.path === here && !r.redirect) ?? route;
  }
  if (exact || TRAILING_ID_COMPONENTS.has(canonicalPage(route.component) ?? '')) {
    return { kind: 'page', route };
  }
  return { kind: 'none' };
}

/** Every path that is not a fixed route: resolved against the user's menus, else 404. */
export function MenuRouteView() {
  const { pathname } = useLocation();
  const { menus, menusSettled } = useSession();
  const resolution = resolve(menus, pathname);
  const route = resolution.kind === 'page' ? resolution.route : undefined;

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
