import { sql, type Transaction } from 'kysely';
import { formPermission, HAZMAT_VEHICLE_FORM_NAME, type FormAction } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * Issue 42: the demo people of the seeded approval (seeds/approval.ts) each get a role of their
 * story, with only the menus they use, instead of 园区管理员 (which showed 张三, who only files,
 * 系统管理 and 自动化). The approval finds its approvers by organisation leader (李四 leads
 * 安全监管科, 王五 园区管委会) and its copy by person, so no role takes part in who is asked.
 * What each page needs:
 * - 车辆登记员 (张三): 危化品车辆入园登记's list with 新增, 编辑 and 删除 of the records he created
 *   (data scope self: he corrects a withdrawn or returned record, never a colleague's; 提交 saves
 *   and starts the approval, and a returned record is resubmitted from his to-do task); 待办 and 消息.
 * - 审批人 (李四, 王五): 待办 and 消息; the task page shows the record to its assignee without a
 *   form permission (approval/details.ts).
 * - 抄送阅读人 (赵六): 消息 and 待办 (抄送我的); a copied instance is his to read (details.ts).
 * Every role has 首页. Run once, on a fresh install and an upgrade alike: a demo person still
 * holding only 园区管理员 (as seeded before) moves to their role; one an administrator has
 * changed since is left alone.
 */

const PARK_ADMIN = 'park_admin';
const WORKBENCH = ['/home', '/waitDoneTask/WaitDoneTask', '/msg/MsgList'];

interface DemoRole {
  code: string;
  name: string;
  remark: string;
  people: readonly string[];
  menus: readonly string[];
  /** Buttons of 危化品车辆入园登记's list page (its menu grants form:N:view). */
  vehicleActions: readonly FormAction[];
  /** Which records the buttons reach (sys_role.data_scope, ADR 0006). */
  dataScope: 'all' | 'self';
}

export const DEMO_ROLES: readonly DemoRole[] = [
  { code: 'demo_filer', name: '车辆登记员', remark: '填报危化品车辆入园登记并提交审批（演示）', people: ['zhangsan'], menus: WORKBENCH, vehicleActions: ['add', 'edit', 'delete'], dataScope: 'self' },
  { code: 'demo_approver', name: '审批人', remark: '处理待办中的审批任务（演示）', people: ['lisi', 'wangwu'], menus: WORKBENCH, vehicleActions: [], dataScope: 'all' },
  { code: 'demo_cc_reader', name: '抄送阅读人', remark: '阅读抄送给自己的审批（演示）', people: ['zhaoliu'], menus: WORKBENCH, vehicleActions: [], dataScope: 'all' },
];

export async function seedDemoRoles(trx: Transaction<Database>): Promise<void> {
  const form = await trx.selectFrom('form_conf').select('id').where('form_name', '=', HAZMAT_VEHICLE_FORM_NAME).orderBy('id').executeTakeFirst();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', PARK_ADMIN).executeTakeFirst();
  for (const r of DEMO_ROLES) {
    const role = await roleOf(trx, r);
    if (!role) continue;
    const menuIds = await menuIdsOf(trx, r, form?.id ?? null);
    if (menuIds.length > 0) {
      await trx
        .insertInto('sys_role_menu')
        .values(menuIds.map((menu_id) => ({ role_id: role.id, menu_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const username of r.people) {
      const user = await trx.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst();
      if (!user) continue;
      const held = await trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user.id).execute();
      const asSeeded = held.length === 0 || (held.length === 1 && held[0]!.role_id === parkAdmin?.id);
      if (!asSeeded) continue;
      await trx.deleteFrom('sys_user_role').where('user_id', '=', user.id).execute();
      await trx.insertInto('sys_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    }
  }
  // The people's permissions change: their sessions read them again (see SessionStore).
  await sql`select pg_notify('park_auth', ${JSON.stringify({ kind: 'user', id: '*' })})`.execute(trx);
}

/** The role by its code, else made; its name taken by a role of the installation's own, 名称（演示）. */
async function roleOf(trx: Transaction<Database>, r: DemoRole): Promise<{ id: string } | null> {
  const existing = await trx.selectFrom('sys_role').select('id').where('role_code', '=', r.code).executeTakeFirst();
  if (existing) return existing;
  for (const name of [r.name, `${r.name}（演示）`]) {
    const taken = await trx.selectFrom('sys_role').select('id').where('role_name', '=', name).executeTakeFirst();
    if (!taken) return trx.insertInto('sys_role').values({ role_name: name, role_code: r.code, remark: r.remark, data_scope: r.dataScope }).returning('id').executeTakeFirstOrThrow();
  }
  return null;
}

/** The role's menus by path, and 危化品车辆入园登记's list menu with the role's buttons on it. */
async function menuIdsOf(trx: Transaction<Database>, r: DemoRole, vehicleFormId: string | null): Promise<string[]> {
  const byPath = await trx.selectFrom('sys_menu').select('id').where('path', 'in', [...r.menus]).where('menu_type', '=', 'menu').execute();
  const ids = byPath.map((m) => m.id);
  if (vehicleFormId === null || r.vehicleActions.length === 0) return ids;
  const list = await trx.selectFrom('sys_menu').select('id').where('path', '=', `/form/list/${vehicleFormId}`).where('menu_type', '=', 'menu').orderBy('id').executeTakeFirst();
  if (!list) return ids;
  const codes = r.vehicleActions.map((a) => formPermission(vehicleFormId, a));
  const buttons = await trx.selectFrom('sys_menu').select('id').where('parent_id', '=', list.id).where('menu_type', '=', 'button').where('perms', 'in', codes).execute();
  return [...ids, list.id, ...buttons.map((b) => b.id)];
}
