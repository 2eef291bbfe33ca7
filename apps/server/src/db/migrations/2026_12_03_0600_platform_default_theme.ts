import { sql, type Kysely } from 'kysely';

/*
 * Issue 40 (ADR 0047, amended): 平台默认主题. One row for the park (company_id null) and at most one
 * per tenant: the shell preset a user without a choice of their own starts with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_platform_theme (
    id bigserial primary key,
    company_id bigint references sys_company(id) on delete cascade,
    theme_key text not null,
    update_by bigint,
    update_time timestamptz not null default now()
  )`.execute(db);
  // null is the park's row: coalesce so the park, too, has only one.
  await sql`create unique index sys_platform_theme_owner on sys_platform_theme (coalesce(company_id, 0))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sys_platform_theme`.execute(db);
}
