import crypto from 'node:crypto';
import { FORM_ACTIONS, formPermission, type DataScope, type FormAction } from '@park/core';
import type { TestApp } from './testApp.ts';

/**
 * Gives a user a role of its own that reaches form `formId` with these actions and data scope, as
 * 角色管理 does (a role bound to a button whose perms list form:N:action), and makes the running app
 * forget its cached permissions. Returns the role's id.
 */
export async function grantForm(
  t: TestApp,
  userId: number | string,
  formId: number | string,
  actions: readonly FormAction[] = FORM_ACTIONS,
  scope: DataScope = 'all',
): Promise<number> {
  const role = await t.sql.query<{ id: string }>(
    `insert into sys_role (role_name, data_scope) values ($1, $2) returning id`,
    [`表单${formId}权限-${crypto.randomBytes(4).toString('hex')}`, scope],
  );
  const roleId = role.rows[0]!.id;
  if (actions.length > 0) {
    const menu = await t.sql.query<{ id: string }>(
      `insert into sys_menu (name, path, menu_type, perms) values ('表单权限', '', 'button', $1) returning id`,
      [actions.map((a) => formPermission(formId, a)).join(',')],
    );
    await t.sql.query(`insert into sys_role_menu (role_id, menu_id) values ($1, $2)`, [roleId, menu.rows[0]!.id]);
  }
  await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [userId, roleId]);
  t.booted.ctx.events.deliver({ kind: 'user', id: '*' });
  return Number(roleId);
}
