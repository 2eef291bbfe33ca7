import type { AdminMenu } from '@park/core';
import { addMenu, addRolesRelMenu, listMenu } from '../../system/api.ts';
import { reportRoles, saveReportRoles } from '../reportApi.ts';

export const REPORT_PAGE_COMPONENT = 'ReportCustom';
export const reportViewPath = (reportId: number) => `/report/view/${reportId}`;

function flatten(menus: AdminMenu[]): AdminMenu[] {
  return menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

/**
 * 发布到菜单: a menu opening the report (component ReportCustom), under a chosen parent, shown to
 * the chosen roles (the parents too, or the shell has no branch to hang it on), and those roles
 * allowed to read the report: the menu alone would be no protection.
 */
export async function publishReport(input: { reportId: number; name: string; parentId: number | null; roleIds: number[] }): Promise<number> {
  const { id } = await addMenu({ parentId: input.parentId, name: input.name, path: reportViewPath(input.reportId), component: REPORT_PAGE_COMPONENT, menuType: 'menu' });
  if (input.roleIds.length > 0) {
    const all = flatten((await listMenu()).menus);
    const byId = new Map(all.map((m) => [m.id, m] as const));
    const granted = [id];
    for (let parent = input.parentId; parent !== null; parent = byId.get(parent)?.parentId ?? null) granted.push(parent);
    for (const roleId of input.roleIds) {
      const { menuIds } = await listMenu(roleId);
      await addRolesRelMenu(roleId, [...new Set([...menuIds, ...granted])]);
    }
  }
  const readers = await reportRoles(input.reportId);
  await saveReportRoles(input.reportId, [...new Set([...readers, ...input.roleIds])]);
  return id;
}

export async function menusOfReport(reportId: number, signal?: AbortSignal) {
  const { menus } = await listMenu(undefined, signal);
  return { tree: menus, existing: flatten(menus).filter((m) => m.menuType === 'menu' && m.path === reportViewPath(reportId)) };
}
