import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What login reads: the account by name and, for a company user, the company's review and tenant status. */

/** Account names are unique regardless of case (sys_user_username_lower_idx). */
export function findLoginUser(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('sys_user')
    .select(['id', 'password_hash', 'status', 'user_type', 'company_id'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findCompanyReview(db: Kysely<Database>, companyId: string) {
  return db.selectFrom('sys_company').select(['status', 'check_reason', 'tenant_status']).where('id', '=', companyId).executeTakeFirst();
}

export async function passwordHashOf(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom('sys_user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

/**
 * A new password. `generated`: the platform made it up (a reset) and its holder must change it at
 * the next login; a password the user chose clears that.
 */
export async function setPasswordHash(db: Kysely<Database>, userId: string, hash: string, generated = false): Promise<void> {
  await db.updateTable('sys_user').set({ password_hash: hash, must_change_password: generated, update_time: new Date() }).where('id', '=', userId).execute();
}
