import { sql, type Kysely } from 'kysely';
import { ADMIN_TEXT } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { roleIdsOf, SUPER_ROLE_CODE } from '../user/worker.ts';

/* One lock for every change that can remove an administrator, so two administrators disabling
   each other at the same moment cannot both succeed and leave none. */
const ADMIN_GUARD_LOCK = 5_200_501;

export async function lockAdminGuard(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`.execute(trx);
}

export async function superRoleId(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('sys_role').select('id').where('role_code', '=', SUPER_ROLE_CODE).executeTakeFirst();
  return row?.id ?? null;
}

/** Enabled users holding the super role, directly or through an organisation. */
export async function activeAdminCount(db: Kysely<Database>): Promise<number> {
  const row = await sql<{ n: string }>`
    select count(distinct u.id) as n
    from sys_user u
    join sys_role r on r.role_code = ${SUPER_ROLE_CODE}
    where u.status = 0
      and (exists (select 1 from sys_user_role ur where ur.user_id = u.id and ur.role_id = r.id)
        or exists (select 1 from sys_user_org uo join sys_org_role ro on ro.org_id = uo.org_id
                   where uo.user_id = u.id and ro.role_id = r.id))`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Call after the change, inside its transaction (with lockAdminGuard taken first). */
export async function assertAdminsRemain(db: Kysely<Database>): Promise<void> {
  if ((await activeAdminCount(db)) === 0) throw badRequest(ADMIN_TEXT.lastAdmin);
}

/** Refuses to remove or disable `userId` when it is the last enabled holder of the super role. */
export async function assertNotLastAdmin(db: Kysely<Database>, userId: string, status: number): Promise<void> {
  if (status !== 0 || !(await isSuperUser(db, userId))) return;
  if ((await activeAdminCount(db)) <= 1) throw badRequest(ADMIN_TEXT.lastAdmin);
}

export async function isSuperUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const roleIds = await roleIdsOf(db, userId);
  if (roleIds.length === 0) return false;
  const row = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', 'in', roleIds)
    .where('role_code', '=', SUPER_ROLE_CODE)
    .executeTakeFirst();
  return row !== undefined;
}

/** Only a holder of the super role may change a super user, or grant or revoke the super role. */
export async function assertMayManageUser(db: Kysely<Database>, auth: AuthContext, userId: string): Promise<void> {
  if (auth.permissions.isSuper) return;
  if (await isSuperUser(db, userId)) throw forbidden(ADMIN_TEXT.superOnly);
}

export function assertMayTouchSuperRole(auth: AuthContext, touches: boolean): void {
  if (touches && !auth.permissions.isSuper) throw forbidden(ADMIN_TEXT.superOnly);
}
