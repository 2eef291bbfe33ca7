import type { MenuNode } from '../api/types.ts';

/** A location inside the app: a path under the base path and its query. */
export interface RouteTarget {
  path: string;
  query: Record<string, string>;
}

/** A menu turned into something the router can resolve (spec 002 §2 "Fixed routes"). */
export interface MenuRoute {
  menuId: number;
  name: string;
  /** The route path: the menu path with its query string stripped. */
  path: string;
  /** The query string the menu path carried; it is applied when a parent redirects here. */
  query: Record<string, string>;
  component: string | null;
  iconName: string | null;
  level: number;
  hidden: boolean;
  /** Set for parents: where opening the parent goes (its first child). */
  redirect: RouteTarget | null;
  children: MenuRoute[];
}

export function splitMenuPath(rawPath: string): RouteTarget {
  const at = rawPath.indexOf('?');
  const pathPart = at < 0 ? rawPath : rawPath.slice(0, at);
  const query: Record<string, string> = {};
  if (at >= 0) {
    for (const pair of rawPath.slice(at + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const k = decodeQueryPart(eq < 0 ? pair : pair.slice(0, eq));
      if (k) query[k] = eq < 0 ? '' : decodeQueryPart(pair.slice(eq + 1));
    }
  }
  return { path: normalisePath(pathPart), query };
}

function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function normalisePath(path: string): string {
  let p = path.trim();
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p;
}

function byOrder(a: MenuNode, b: MenuNode): number {
  return a.orderIndex - b.orderIndex || a.id - b.id;
}

/**
 * Builds the route tree. A parent redirects to its first child (keeping that child's query);
 * a parent whose own path contains /custom has no page of its own and takes its first child's path.
 */
export function buildMenuRoutes(menus: readonly MenuNode[]): MenuRoute[] {
  return [...menus].sort(byOrder).map(toRoute);
}

function toRoute(menu: MenuNode): MenuRoute {
  const children = buildMenuRoutes(menu.children ?? []);
  const own = splitMenuPath(menu.path || '/');
  const first = firstVisible(children);
  let path = own.path;
  let redirect: RouteTarget | null = null;
  if (first) {
    const target = first.redirect ?? { path: first.path, query: first.query };
    redirect = target;
    if (own.path.includes('/custom')) path = target.path;
  }
  return {
    menuId: menu.id,
    name: menu.name,
    path,
    query: own.query,
    component: menu.component,
    iconName: menu.iconName,
    level: menu.level,
    hidden: menu.hidden,
    redirect,
    children,
  };
}

function firstVisible(routes: readonly MenuRoute[]): MenuRoute | undefined {
  return routes.find((r) => !r.hidden) ?? routes[0];
}

/** Where `/` goes: the first menu, following parent redirects. Null when the user has no menus. */
export function firstMenuTarget(routes: readonly MenuRoute[]): RouteTarget | null {
  const first = firstVisible(routes);
  if (!first) return null;
  return first.redirect ?? { path: first.path, query: first.query };
}

/** Level-1 menus shown in the top bar: not hidden, and not the add-form or registration pages. */
export function topBarMenus(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.filter(
    (r) => !r.hidden && !r.path.includes('/full/custom/') && !r.path.includes('/companyRegister'),
  );
}

export function flattenRoutes(routes: readonly MenuRoute[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (list: readonly MenuRoute[]) => {
    for (const r of list) {
      out.push(r);
      walk(r.children);
    }
  };
  walk(routes);
  return out;
}

/**
 * Finds the menu route that owns a pathname. Form pages carry the form id as the last segment,
 * so a menu `/form/list` also owns `/form/list/12`. The longest matching menu path wins.
 */
export function matchMenuRoute(routes: readonly MenuRoute[], pathname: string): MenuRoute | null {
  const target = normalisePath(pathname);
  let best: MenuRoute | null = null;
  for (const r of flattenRoutes(routes)) {
    const exact = r.path === target;
    const prefix = target.startsWith(`${r.path}/`) && r.path !== '/';
    if (!exact && !prefix) continue;
    if (exact && r.redirect) return r;
    if (!best || r.path.length > best.path.length || (exact && best.path === r.path)) best = r;
  }
  return best;
}

/** The top-level menu a pathname sits under, for highlighting the top bar. */
export function activeTopMenu(routes: readonly MenuRoute[], pathname: string): MenuRoute | null {
  const target = normalisePath(pathname);
  for (const top of routes) {
    if (flattenRoutes([top]).some((r) => r.path === target || target.startsWith(`${r.path}/`))) {
      return top;
    }
  }
  return null;
}

export function targetToHref(target: RouteTarget): string {
  const qs = Object.entries(target.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return qs ? `${target.path}?${qs}` : target.path;
}
