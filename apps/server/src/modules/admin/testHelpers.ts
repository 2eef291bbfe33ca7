/* Shared by the administration tests (not a test file itself). */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/testApp.ts';

export interface MadeUser {
  id: number;
  username: string;
  password: string;
}

/** Adds a user through addUser, as an administrator would; the reply carries the one-time password. */
export async function addUser(
  t: TestApp,
  admin: string,
  username: string,
  links: { roleIds?: number[]; orgIds?: number[] } = {},
): Promise<MadeUser> {
  const res = await t.call(admin, 'POST', '/api/user/addUser', {
    username,
    realName: `${username}的名字`,
    userType: 0,
    orgIds: links.orgIds ?? [],
    roleIds: links.roleIds ?? [],
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, password } = res.json();
  await passwordChanged(t, id);
  return { id, username, password };
}

/**
 * Stands for a user who has changed the generated password at the first login, as they must
 * before any other call (issue 42): tests about other things log in with the password addUser
 * returned. The forced change itself is tested in password/forcedChange.test.ts.
 */
export async function passwordChanged(t: TestApp, userId: number | string): Promise<void> {
  await t.sql.query(`update sys_user set must_change_password = false where id = $1`, [userId]);
  // As the password change does: sessions read the user again.
  t.booted.ctx.events.deliver({ kind: 'user', id: String(userId) });
}

export async function roleIdByCode(t: TestApp, code: string): Promise<number> {
  const { rows } = await t.sql.query(`select id from sys_role where role_code = $1`, [code]);
  return Number(rows[0].id);
}

export async function menuIdByPath(t: TestApp, path: string): Promise<number> {
  const { rows } = await t.sql.query(`select id from sys_menu where path = $1`, [path]);
  return Number(rows[0].id);
}

/** A role bound to the menus at these paths, created through the API. */
export async function roleWithMenus(t: TestApp, admin: string, roleName: string, paths: string[]): Promise<number> {
  const added = await t.call(admin, 'POST', '/api/user/addRole', { roleName });
  expect(added.statusCode, added.body).toBe(200);
  const roleId = added.json().id as number;
  const menuIds = await Promise.all(paths.map((p) => menuIdByPath(t, p)));
  const bound = await t.call(admin, 'POST', '/api/user/addRolesRelMenu', { roleId, menuIds });
  expect(bound.statusCode, bound.body).toBe(200);
  return roleId;
}

export interface LogRow {
  username: string | null;
  module: string | null;
  action: string;
  target_id: string | null;
  result: number;
  err_msg: string | null;
  detail: unknown;
}

/** The newest operation-log row matching the action. */
export async function lastLog(t: TestApp, action: string): Promise<LogRow | undefined> {
  const { rows } = await t.sql.query(
    `select username, module, action, target_id, result, err_msg, detail from sys_operation_log
     where action = $1 order by id desc limit 1`,
    [action],
  );
  return rows[0];
}

/** Asserts a refusal was answered with this status and message, and logged as a failure. */
export async function expectRefusedAndLogged(
  t: TestApp,
  res: { statusCode: number; json(): unknown },
  status: number,
  errMsg: string | RegExp,
  log: { action: string; module: string; username: string },
): Promise<void> {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { errCode: number; errMsg: string };
  expect(body.errCode).not.toBe(0);
  expect(body.errMsg).toMatch(errMsg);
  const row = await lastLog(t, log.action);
  expect(row).toMatchObject({ module: log.module, username: log.username, result: 1 });
  expect(row?.err_msg).toBe(body.errMsg);
}
