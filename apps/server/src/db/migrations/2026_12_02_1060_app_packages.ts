import { sql, type Kysely } from 'kysely';

/*
 * Issue 41 (ADR 0054): installed application packages. One row per application and where it is
 * installed (company null: the park), and the parts it installed, by the package's logical code
 * and the installation's own id, so an upgrade finds its forms and an uninstall knows what is its.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table app_package (
      id bigint generated always as identity primary key,
      code text not null,
      name text not null,
      version text not null,
      description text not null default '',
      manifest jsonb not null,
      company_id bigint references sys_company (id) on delete cascade,
      installed_by bigint,
      install_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index app_package_code_idx on app_package (code, coalesce(company_id, 0))`.execute(db);
  await sql`
    create table app_package_part (
      package_id bigint not null references app_package (id) on delete cascade,
      kind text not null check (kind in ('form', 'dictionary', 'menu')),
      code text not null,
      local_id bigint not null,
      primary key (package_id, kind, code)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_package_part`.execute(db);
  await sql`drop table app_package`.execute(db);
}
