import { defaultWorkbenchGroups, type WorkbenchNode } from '@park/core';
import type { AppContext } from '../context.ts';
import { findInstalledApp } from '../modules/apppackage/index.ts';

/*
 * Where a demo application's micro-app sits on the park's mobile workbench (issue 41, ADR 0063).
 * The package carries the micro-app (microapps/), but not a place on a workbench: a workbench is
 * one installation's (or one tenant's) layout, arranged by its administrator in 工作台, and an
 * install that rearranged it would undo their choices. The demo places its applications the way
 * that administrator would, through the micro module's face (ctx.micro.tree / saveTree, which
 * check the tree as the editor's save does).
 */

/** The park workbench's group and sub-group the demo's applications go under. */
export const DEMO_APPS_PLACE = { group: '安全管理', subGroup: '园区应用' } as const;

const isApp = (n: WorkbenchNode, appId: number) => Number(n.type) === 2 && Number(n.appId) === appId;
const holds = (nodes: readonly WorkbenchNode[], appId: number): boolean => nodes.some((n) => isApp(n, appId) || holds(n.children ?? [], appId));

/** Puts the installed application's micro-app on the park's workbench, once (already there: nothing). */
export async function placeOnParkWorkbench(ctx: AppContext, appCode: string, place = DEMO_APPS_PLACE): Promise<void> {
  const installed = await findInstalledApp(ctx.db, appCode);
  if (!installed?.microAppId) return;
  const appId = Number(installed.microAppId);
  const owner = { kind: 'workbench', companyId: null } as const;
  const tree = await ctx.micro.tree(owner);
  if (holds(tree, appId)) return;
  const roots = tree.length > 0 ? tree : defaultWorkbenchGroups();
  let group = roots.find((n) => Number(n.level) === 1 && n.menuName === place.group);
  if (!group) roots.push((group = { id: null, menuName: place.group, level: 1, type: 1, sort: roots.length + 1, permissions: [], children: [] }));
  group.children ??= [];
  let sub = group.children.find((n) => Number(n.level) === 2 && n.menuName === place.subGroup);
  if (!sub) group.children.push((sub = { id: null, menuName: place.subGroup, level: 2, type: 1, sort: group.children.length + 1, permissions: [], children: [] }));
  sub.children ??= [];
  const app = (await ctx.db.selectFrom('micro_app').select(['app_name', 'app_type']).where('id', '=', installed.microAppId).executeTakeFirstOrThrow());
  // 常用 (quickApp): the phone's first screen shows them without opening the group.
  sub.children.push({ id: null, menuName: app.app_name, level: 3, type: 2, sort: sub.children.length + 1, permissions: [], children: [], appId, appType: app.app_type, quickApp: 1 });
  await ctx.micro.saveTree(owner, roots);
}
