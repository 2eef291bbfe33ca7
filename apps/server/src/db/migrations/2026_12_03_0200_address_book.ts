import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 (通讯录): queryTenantUserInfo pages the active people in (tenant, id) order — the park
 * over everyone, a tenant over its own and the park's. This index hands out a page in that order
 * without sorting the whole scope (sys_user_company_idx alone finds the rows but not their order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sys_user_book_idx on sys_user (company_id nulls first, id) where status = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sys_user_book_idx`.execute(db);
}
