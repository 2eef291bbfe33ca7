import { useMemo, useState } from 'react';
import { Button, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { buildMenuRoutes, type MenuNode } from '@park/core';
import { SessionContext, type Session } from '../../lib/session.tsx';
import {
  getUser,
  listMenus,
  listOrgTree,
  MENUS_QUERY_KEY,
  ORG_TREE_QUERY_KEY,
  USER_QUERY_KEY,
} from '../../lib/shellApi.ts';
import { readMenuCache, writeMenuCache } from '../../lib/menuCache.ts';
import { BootSpin } from '../../shell/PageSpin.tsx';
import { ShellLayout } from './ShellLayout.tsx';

async function refreshMenus(signal: AbortSignal): Promise<MenuNode[]> {
  const menus = await listMenus(signal);
  writeMenuCache(menus);
  return menus;
}

function BootFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="boot-spin">
      <Result
        status="error"
        title={title}
        subTitle="请检查网络后重试，如仍无法使用请联系管理员"
        extra={
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        }
      />
    </div>
  );
}

/**
 * Loads what every signed-in page needs, once: the current user (nothing routed renders before
 * it, and nothing else is asked before it answers), the menus (drawn from the local cache first, then always refreshed) and the org tree.
 */
export function BootLayout() {
  const userQuery = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const [cachedMenus] = useState(readMenuCache);
  // The session is checked once, by getUser: without one, the other calls would only add 401s
  // (and console errors) before the login redirect (issue 26). The cached menus still show at once.
  const signedIn = userQuery.isSuccess;
  const menuQuery = useQuery({
    queryKey: MENUS_QUERY_KEY,
    queryFn: ({ signal }) => refreshMenus(signal),
    placeholderData: cachedMenus ?? undefined,
    staleTime: Infinity,
    enabled: signedIn,
  });
  const orgQuery = useQuery({
    queryKey: ORG_TREE_QUERY_KEY,
    queryFn: ({ signal }) => listOrgTree(signal),
    staleTime: Infinity,
    enabled: signedIn,
  });

  // A failed refresh falls back to the cache rather than leaving the user with nothing.
  const menuNodes = menuQuery.data ?? (menuQuery.isError ? cachedMenus : null);
  const menus = useMemo(() => (menuNodes ? buildMenuRoutes(menuNodes) : null), [menuNodes]);
  const reply = userQuery.data;

  const session = useMemo<Session | null>(
    () =>
      reply && menus
        ? {
            user: reply.user,
            enableCompanyPermission: Boolean(reply.enableCompanyPermission),
            menus,
            menusSettled: menuQuery.isFetched,
            orgTree: orgQuery.data ?? [],
          }
        : null,
    [reply, menus, menuQuery.isFetched, orgQuery.data],
  );

  if (userQuery.isError) {
    return <BootFailure title="用户信息加载失败" onRetry={() => void userQuery.refetch()} />;
  }
  if (menuQuery.isError && !menus) {
    return <BootFailure title="菜单加载失败" onRetry={() => void menuQuery.refetch()} />;
  }
  if (!session) return <BootSpin />;

  // Only the server's answer can block: an empty cache may just be a first visit.
  const noMenus = menuQuery.isFetched && !menuQuery.isError && session.menus.length === 0;
  return (
    <SessionContext.Provider value={session}>
      <ShellLayout blocked={noMenus} />
    </SessionContext.Provider>
  );
}
