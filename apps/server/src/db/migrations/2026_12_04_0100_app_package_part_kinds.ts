import { sql, type Kysely } from 'kysely';

/*
 * Issue 41 part 3 (ADR 0054): an application package also installs automations, datasets,
 * reports and dashboards, form settings, its micro-app and its functions; the part row names each
 * so an upgrade and 卸载 find it.
 */
const KINDS = ['form', 'dictionary', 'menu', 'flow', 'automation', 'dataset', 'report', 'form_settings', 'micro_app', 'micro_function'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_package_part drop constraint app_package_part_kind_check`.execute(db);
  await sql`alter table app_package_part add constraint app_package_part_kind_check check (kind in (${sql.join(KINDS.map((k) => sql.lit(k)))}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_package_part where kind not in ('form', 'dictionary', 'menu', 'flow')`.execute(db);
  await sql`alter table app_package_part drop constraint app_package_part_kind_check`.execute(db);
  await sql`alter table app_package_part add constraint app_package_part_kind_check check (kind in ('form', 'dictionary', 'menu', 'flow'))`.execute(db);
}
