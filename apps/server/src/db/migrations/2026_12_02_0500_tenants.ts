import { sql, type Kysely } from 'kysely';

/*
 * Issue 36 (ADR 0034): a tenant is a company of the park. The tenant's id is its sys_company id,
 * so the company_id every form table, file and user already carries is the tenant scope; this
 * migration gives the company its tenant fields and puts the scope on what a tenant administers
 * itself (organisations, roles, menus, dictionaries, its operation log), and adds the tables of
 * forms handed down to tenants and of the allot/sync jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The tenant's own fields (租户信息). A company the park adds directly has no organisation code:
  // its 主管理员 logs in with the contact phone instead (ADR 0034).
  await sql`
    alter table sys_company
      alter column company_code drop not null,
      add column tenant_status smallint not null default 1 check (tenant_status in (0, 1)),
      add column contact_name text,
      add column contact_phone text,
      add column contact_email text,
      add column location text,
      add column province_code text,
      add column province_name text,
      add column city_code text,
      add column city_name text,
      add column area_code text,
      add column area_name text,
      add column source text not null default 'register' check (source in ('register', 'park')),
      add column create_by bigint references sys_user (id) on delete set null,
      add column update_by bigint references sys_user (id) on delete set null
  `.execute(db);
  await sql`create index sys_company_tenant_idx on sys_company (tenant_status, id)`.execute(db);

  // 租户用户类型 of a company user: 0 主管理员, 1 子管理员, 2 普通用户 (null for platform users).
  await sql`alter table sys_user add column tenant_user_type smallint check (tenant_user_type in (0, 1, 2))`.execute(db);
  await sql`update sys_user set tenant_user_type = case when user_type = 1 then 0 else 2 end where user_type <> 0`.execute(db);

  // What a tenant administers itself carries its scope; null is the park's.
  for (const table of ['sys_org', 'sys_role', 'sys_menu', 'sys_dic_type', 'sys_operation_log']) {
    await sql`alter table ${sql.table(table)} add column company_id bigint references sys_company (id) on delete cascade`.execute(db);
    await sql`create index ${sql.ref(`${table}_company_idx`)} on ${sql.table(table)} (company_id)`.execute(db);
  }
  // Platform menus a tenant's roles may grant (the tenant's own 系统管理 and the like).
  await sql`alter table sys_menu add column tenant_visible boolean not null default false`.execute(db);

  // Names unique per tenant rather than across the platform.
  await sql`alter table sys_role drop constraint if exists sys_role_role_name_key`.execute(db);
  await sql`alter table sys_role drop constraint if exists sys_role_role_code_key`.execute(db);
  await sql`create unique index sys_role_tenant_name_idx on sys_role (coalesce(company_id, 0), role_name)`.execute(db);
  await sql`create unique index sys_role_tenant_code_idx on sys_role (coalesce(company_id, 0), role_code) where role_code is not null`.execute(db);
  await sql`drop index if exists sys_org_sibling_name_idx`.execute(db);
  await sql`create unique index sys_org_sibling_name_idx on sys_org (coalesce(company_id, 0), coalesce(parent_id, 0), org_name)`.execute(db);
  await sql`alter table sys_dic_type drop constraint if exists sys_dic_type_type_code_key`.execute(db);
  await sql`create unique index sys_dic_type_tenant_code_idx on sys_dic_type (coalesce(company_id, 0), type_code)`.execute(db);

  // A tenant's own form (null: the park's, which may be handed down).
  await sql`alter table form_conf add column company_id bigint references sys_company (id) on delete cascade`.execute(db);

  // A park form handed down to a tenant: the design the tenant runs (its copy, moved on by 同步配置)
  // and the menu the allotment created in the tenant. Records stay in the form's one table, scoped
  // by company_id (ADR 0034).
  await sql`
    create table form_tenant (
      form_id bigint not null references form_conf (id) on delete cascade,
      company_id bigint not null references sys_company (id) on delete cascade,
      form_meta jsonb not null,
      design_version integer not null,
      menu_id bigint references sys_menu (id) on delete set null,
      allot_by bigint references sys_user (id) on delete set null,
      allot_time timestamptz not null default now(),
      sync_time timestamptz,
      primary key (form_id, company_id)
    )`.execute(db);
  await sql`create index form_tenant_company_idx on form_tenant (company_id, form_id)`.execute(db);

  // An allot or sync run (one form, many tenants), polled by syncFormConf/status/{key}.
  await sql`
    create table form_allot_task (
      task_key text primary key,
      kind text not null check (kind in ('allot', 'sync')),
      form_id bigint not null references form_conf (id) on delete cascade,
      status text not null default 'syncing' check (status in ('syncing', 'finished', 'failed')),
      create_by bigint references sys_user (id) on delete set null,
      create_time timestamptz not null default now(),
      finish_time timestamptz
    )`.execute(db);
  // Per tenant: -2 队列中, 3 in progress, 0 done, -1 done with some parts failed, 1 failed (the original's codes).
  await sql`
    create table form_allot_task_item (
      task_key text not null references form_allot_task (task_key) on delete cascade,
      company_id bigint not null references sys_company (id) on delete cascade,
      status smallint not null default -2 check (status in (-2, -1, 0, 1, 3)),
      message text,
      primary key (task_key, company_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists form_allot_task_item`.execute(db);
  await sql`drop table if exists form_allot_task`.execute(db);
  await sql`drop table if exists form_tenant`.execute(db);
  await sql`alter table form_conf drop column if exists company_id`.execute(db);
  await sql`drop index if exists sys_dic_type_tenant_code_idx`.execute(db);
  await sql`drop index if exists sys_org_sibling_name_idx`.execute(db);
  await sql`create unique index sys_org_sibling_name_idx on sys_org (coalesce(parent_id, 0), org_name)`.execute(db);
  await sql`drop index if exists sys_role_tenant_code_idx`.execute(db);
  await sql`drop index if exists sys_role_tenant_name_idx`.execute(db);
  await sql`alter table sys_menu drop column if exists tenant_visible`.execute(db);
  for (const table of ['sys_org', 'sys_role', 'sys_menu', 'sys_dic_type', 'sys_operation_log']) {
    await sql`alter table ${sql.table(table)} drop column if exists company_id`.execute(db);
  }
  await sql`alter table sys_user drop column if exists tenant_user_type`.execute(db);
  await sql`drop index if exists sys_company_tenant_idx`.execute(db);
  await sql`
    alter table sys_company
      drop column if exists tenant_status, drop column if exists contact_name, drop column if exists contact_phone,
      drop column if exists contact_email, drop column if exists location, drop column if exists province_code,
      drop column if exists province_name, drop column if exists city_code, drop column if exists city_name,
      drop column if exists area_code, drop column if exists area_name, drop column if exists source,
      drop column if exists create_by, drop column if exists update_by
  `.execute(db);
}
