import type { Kysely } from 'kysely';
import type { CurrentUser, UserType } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** The current-user record of spec 002 §3, with the organisations and roles the shell reads. */
export async function loadCurrentUser(
  db: Kysely<Database>,
  userId: string,
): Promise<{ user: CurrentUser; status: number; mustChangePassword: boolean } | null> {
  const row = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'real_name', 'user_type', 'sex', 'company_id', 'status', 'must_change_password'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const [orgs, roles] = await Promise.all([
    db
      .selectFrom('sys_user_org')
      .innerJoin('sys_org', 'sys_org.id', 'sys_user_org.org_id')
      .select(['sys_org.id', 'sys_org.org_name'])
      .where('sys_user_org.user_id', '=', userId)
      .orderBy('sys_org.id')
      .execute(),
    db
      .selectFrom('sys_user_role')
      .innerJoin('sys_role', 'sys_role.id', 'sys_user_role.role_id')
      .select(['sys_role.id', 'sys_role.role_name'])
      .where('sys_user_role.user_id', '=', userId)
      .orderBy('sys_role.id')
      .execute(),
  ]);
  return {
    status: row.status,
    mustChangePassword: row.must_change_password,
    user: {
      id: Number(row.id),
      username: row.username,
      realName: row.real_name,
      userType: row.user_type as UserType,
      sex: row.sex,
      companyId: row.company_id === null ? null : Number(row.company_id),
      orgList: orgs.map((o) => ({ id: Number(o.id), orgName: o.org_name })),
      roleList: roles.map((r) => ({ id: Number(r.id), roleName: r.role_name })),
    },
  };
}
