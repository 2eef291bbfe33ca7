import { sql, type Kysely } from 'kysely';

/*
 * Issue 37 (ADR 0044): functions (a form, a flow or a special page), micro-apps grouping them,
 * industry templates with their menu tree, and each tenant's workbench tree with its 可见范围.
 * A workbench row with company_id null is the park's own workbench (tenantId 0 in the calls).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table micro_function (
      id bigint generated always as identity primary key,
      fun_name text not null,
      type smallint not null default 0 check (type in (0, 1, 2)),
      show_type smallint not null default 0 check (show_type in (0, 1, 2)),
      form_id bigint references form_conf (id) on delete set null,
      menu_url text,
      component text,
      tag text,
      explanation text,
      icon_id bigint references sys_file (id) on delete set null,
      create_by bigint references sys_user (id) on delete set null,
      create_time timestamptz not null default now(),
      update_time timestamptz
    )`.execute(db);
  await sql`create index micro_function_form_idx on micro_function (form_id)`.execute(db);

  await sql`
    create table micro_app (
      id bigint generated always as identity primary key,
      app_name text not null,
      app_type smallint not null default 0,
      introduce text,
      tag text,
      icon_name text,
      icon_bg_color text,
      icon_id bigint references sys_file (id) on delete set null,
      create_by bigint references sys_user (id) on delete set null,
      create_time timestamptz not null default now(),
      update_time timestamptz
    )`.execute(db);
  await sql`
    create table micro_app_function (
      app_id bigint not null references micro_app (id) on delete cascade,
      function_id bigint not null references micro_function (id) on delete cascade,
      sort integer not null default 0,
      primary key (app_id, function_id)
    )`.execute(db);
  await sql`create index micro_app_function_fn_idx on micro_app_function (function_id)`.execute(db);

  await sql`
    create table micro_template (
      id bigint generated always as identity primary key,
      template_name text not null,
      apply_industry text,
      explanation text,
      create_by bigint references sys_user (id) on delete set null,
      create_time timestamptz not null default now(),
      update_time timestamptz
    )`.execute(db);

  // One shape for both trees: level 1 group, 2 sub-group, 3 app (type 1 group, 2 app).
  for (const [table, owner] of [
    ['micro_template_menu', sql`template_id bigint not null references micro_template (id) on delete cascade`],
    ['micro_workbench_menu', sql`company_id bigint references sys_company (id) on delete cascade`],
  ] as const) {
    await sql`
      create table ${sql.table(table)} (
        id bigint generated always as identity primary key,
        ${owner},
        parent_id bigint references ${sql.table(table)} (id) on delete cascade,
        menu_name text not null,
        level smallint not null check (level in (1, 2, 3)),
        type smallint not null check (type in (1, 2)),
        sort integer not null default 0,
        app_id bigint references micro_app (id) on delete cascade,
        quick_app smallint not null default 0 check (quick_app in (0, 1)),
        check ((type = 2) = (app_id is not null))
      )`.execute(db);
  }
  await sql`create index micro_template_menu_owner_idx on micro_template_menu (template_id, parent_id)`.execute(db);
  await sql`create index micro_workbench_menu_owner_idx on micro_workbench_menu (coalesce(company_id, 0), parent_id)`.execute(db);

  // 可见范围 of a workbench node: type 0 an organisation (with its sub-organisations), 1 a person.
  await sql`
    create table micro_workbench_permission (
      menu_id bigint not null references micro_workbench_menu (id) on delete cascade,
      type smallint not null check (type in (0, 1)),
      sub_id bigint not null,
      sub_name text not null,
      primary key (menu_id, type, sub_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['micro_workbench_permission', 'micro_workbench_menu', 'micro_template_menu', 'micro_template', 'micro_app_function', 'micro_app', 'micro_function']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
