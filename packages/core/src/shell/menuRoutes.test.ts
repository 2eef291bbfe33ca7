import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/types.ts';
import {
  activeTopMenu,
  buildMenuRoutes,
  firstMenuTarget,
  matchMenuRoute,
  splitMenuPath,
  targetToHref,
  topBarMenus,
} from './menuRoutes.ts';

let nextId = 1;
function menu(name: string, path: string, extra: Partial<MenuNode> = {}, children: MenuNode[] = []): MenuNode {
  return {
    id: nextId++,
    parentId: null,
    name,
    path,
    component: children.length ? null : name,
    iconName: null,
    level: 1,
    orderIndex: 0,
    hidden: false,
    children,
    ...extra,
  };
}

describe('splitMenuPath', () => {
  it('strips the query string and keeps it as a map', () => {
    expect(splitMenuPath('/form/list/12?type=a&n=%E5%9B%AD')).toEqual({ path: '/form/list/12', query: { type: 'a', n: '园' } });
    expect(splitMenuPath('home/')).toEqual({ path: '/home', query: {} });
  });
});

describe('buildMenuRoutes', () => {
  it('makes a parent redirect to its first child, with the child query', () => {
    const routes = buildMenuRoutes([
      menu('工作台', '/workbench', {}, [menu('待办', '/todo?tab=1', { orderIndex: 1 }), menu('消息', '/msg', { orderIndex: 0 })]),
    ]);
    expect(routes[0]!.redirect).toEqual({ path: '/msg', query: {} });
    expect(routes[0]!.children.map((c) => c.path)).toEqual(['/msg', '/todo']);
    expect(routes[0]!.children[1]!.query).toEqual({ tab: '1' });
  });

  it('follows nested parents down to a page', () => {
    const routes = buildMenuRoutes([menu('A', '/a', {}, [menu('B', '/a/b', {}, [menu('C', '/a/b/c?x=1')])])]);
    expect(routes[0]!.redirect).toEqual({ path: '/a/b/c', query: { x: '1' } });
  });

  it('gives a /custom parent its first child path', () => {
    const routes = buildMenuRoutes([menu('业务', '/custom', {}, [menu('表单', '/form/list/7?k=v')])]);
    expect(routes[0]!.path).toBe('/form/list/7');
    expect(routes[0]!.redirect).toEqual({ path: '/form/list/7', query: { k: 'v' } });
  });

  it('skips hidden children when choosing where a parent goes', () => {
    const routes = buildMenuRoutes([menu('P', '/p', {}, [menu('H', '/h', { hidden: true }), menu('V', '/v')])]);
    expect(routes[0]!.redirect?.path).toBe('/v');
  });
});

describe('firstMenuTarget', () => {
  it('is null without menus, so the shell can raise the no-menu alert', () => {
    expect(firstMenuTarget([])).toBeNull();
  });
  it('is the first page, following redirects', () => {
    const routes = buildMenuRoutes([menu('P', '/p', { orderIndex: 0 }, [menu('C', '/c?a=b')]), menu('Z', '/z', { orderIndex: 1 })]);
    expect(targetToHref(firstMenuTarget(routes)!)).toBe('/c?a=b');
  });
});

describe('topBarMenus', () => {
  it('drops the add-form and registration pages and hidden menus', () => {
    const routes = buildMenuRoutes([
      menu('首页', '/home'),
      menu('新增', '/full/custom/3'),
      menu('注册', '/companyRegister'),
      menu('隐藏', '/hidden', { hidden: true }),
    ]);
    expect(topBarMenus(routes).map((r) => r.name)).toEqual(['首页']);
  });
});

describe('matchMenuRoute', () => {
  const routes = buildMenuRoutes([
    menu('首页', '/home'),
    menu('表单', '/form/list', { component: 'FormCustom' }),
    menu('工作台', '/wb', {}, [menu('消息', '/msg/MsgList')]),
  ]);
  it('matches exact paths and form pages with an id segment', () => {
    expect(matchMenuRoute(routes, '/home')?.name).toBe('首页');
    expect(matchMenuRoute(routes, '/form/list/42')?.name).toBe('表单');
    expect(matchMenuRoute(routes, '/msg/MsgList')?.name).toBe('消息');
  });
  it('returns the parent itself on its own path, so it can redirect', () => {
    expect(matchMenuRoute(routes, '/wb')?.redirect?.path).toBe('/msg/MsgList');
  });
  it('does not match unknown paths', () => {
    expect(matchMenuRoute(routes, '/nowhere')).toBeNull();
    expect(matchMenuRoute(routes, '/homework')).toBeNull();
  });
  it('finds the top menu that owns a page', () => {
    expect(activeTopMenu(routes, '/msg/MsgList')?.name).toBe('工作台');
  });
});
