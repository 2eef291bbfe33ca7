import { sql, type Kysely } from 'kysely';

/*
 * Issue 41 part 2 (ADR 0054): an application package also installs its forms' approval flows;
 * the part row names the form's flow_model so an upgrade and 卸载 find it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_package_part drop constraint app_package_part_kind_check`.execute(db);
  await sql`alter table app_package_part add constraint app_package_part_kind_check check (kind in ('form', 'dictionary', 'menu', 'flow'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_package_part where kind = 'flow'`.execute(db);
  await sql`alter table app_package_part drop constraint app_package_part_kind_check`.execute(db);
  await sql`alter table app_package_part add constraint app_package_part_kind_check check (kind in ('form', 'dictionary', 'menu'))`.execute(db);
}
