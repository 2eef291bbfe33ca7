import type {
  GetUserReply,
  ListOrgTreeReply,
  ListRouterReply,
  ListSysReply,
  MenuNode,
  OrgNode,
  SysModule,
} from '@park/core';
import { get, getText } from './http.ts';

export const USER_QUERY_KEY = ['shell', 'user'] as const;
export const MENUS_QUERY_KEY = ['shell', 'menus'] as const;
export const ORG_TREE_QUERY_KEY = ['shell', 'orgTree'] as const;
export const MODULES_QUERY_KEY = ['shell', 'modules'] as const;

export function getUser(signal?: AbortSignal): Promise<GetUserReply> {
  return get<GetUserReply>('/api/user/getUser', undefined, { signal });
}

export async function listMenus(signal?: AbortSignal): Promise<MenuNode[]> {
  const reply = await get<ListRouterReply>('/api/user/listRouter/1', undefined, { signal });
  return Array.isArray(reply.children) ? reply.children : [];
}

/** Background context data: a failure must not interrupt whatever page the user opened. */
export async function listOrgTree(signal?: AbortSignal): Promise<OrgNode[]> {
  const reply = await get<ListOrgTreeReply>('/api/user/listOrgTree', undefined, { signal, silent: true });
  return Array.isArray(reply.departManage) ? reply.departManage : [];
}

/** Only enabled modules (status 0) are offered in the top bar (spec 002 §2 Top bar). */
export async function listEnabledModules(signal?: AbortSignal): Promise<SysModule[]> {
  const reply = await get<ListSysReply>('/api/user/listSys', undefined, { signal, silent: true });
  const list = Array.isArray(reply.list) ? reply.list : [];
  return list.filter((m) => Number(m.status) === 0);
}

/** The server answers with the address to go to next, as plain text. */
export async function logout(): Promise<string> {
  const text = (await getText('/apc/logout', undefined, { silent: true })).trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not JSON after all: fall through and use the text as it is.
    }
  }
  return text;
}
