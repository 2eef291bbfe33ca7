import { sql, type Kysely } from 'kysely';

/*
 * Issue 40 (ADR 0040): the park's other systems. sys_module (the top bar's 业务模块) becomes the
 * original's 子系统: single sign-on over OpenID Connect (the platform is the provider, its
 * short-lived artefacts in oidc_payload), data sync (interfaces granted per sub-system and tenant,
 * a change log every sync pull reads from a cursor, signatures seen once), and themes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 是否需要单点登录 / 是否需要数据同步: 0 是, 1 否 (the original's radios). The account is the OIDC
  // client_id and the sync signer; its secret is sealed with the server's key (AES-GCM), never hashed,
  // because both HMAC and client_secret_basic need the plain secret on our side too.
  await sql`
    alter table sys_module
      add column sys_desc text,
      add column sso smallint not null default 1 check (sso in (0, 1)),
      add column sso_mode text,
      add column syn smallint not null default 1 check (syn in (0, 1)),
      add column agent_account text unique,
      add column agent_secret text,
      add column redirect_uris jsonb not null default '[]',
      add column logout_uris jsonb not null default '[]',
      add column webhook_url text,
      add column secret_time timestamptz
  `.execute(db);

  // The provider's grants, codes, tokens, sessions and interactions (oidc-provider's adapter contract).
  await sql`
    create table oidc_payload (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    )
  `.execute(db);
  await sql`create index oidc_payload_grant_idx on oidc_payload (grant_id) where grant_id is not null`.execute(db);
  await sql`create index oidc_payload_uid_idx on oidc_payload (uid) where uid is not null`.execute(db);
  await sql`create index oidc_payload_expires_idx on oidc_payload (expires_at)`.execute(db);

  // The interfaces a sub-system may be granted (listInter); their codes name the pull's entity.
  await sql`
    create table sync_interface (
      id bigint generated always as identity primary key,
      inter_code text not null unique,
      inter_name text not null,
      order_index integer not null default 0
    )
  `.execute(db);
  await sql`
    insert into sync_interface (inter_code, inter_name, order_index) values
      ('organisations', '组织机构', 1), ('users', '用户', 2), ('roles', '角色', 3),
      ('companies', '企业（租户）', 4), ('dictionaries', '数据字典', 5)
  `.execute(db);

  // A grant: one interface to one sub-system, for one tenant or (company_id null) for all.
  await sql`
    create table sys_rel_inter (
      id bigint generated always as identity primary key,
      sys_id bigint not null references sys_module (id) on delete cascade,
      inter_id bigint not null references sync_interface (id) on delete cascade,
      company_id bigint references sys_company (id) on delete cascade
    )
  `.execute(db);
  await sql`create unique index sys_rel_inter_once on sys_rel_inter (sys_id, inter_id, coalesce(company_id, 0))`.execute(db);

  // Every write to what sync hands out leaves a row here, whoever wrote it (triggers below): a pull
  // reads the rows after its cursor. entity_id is the synced thing (a dictionary type for its items,
  // a user for its memberships); company_id the tenant it belongs to.
  await sql`
    create table sync_change (
      seq bigint generated always as identity primary key,
      inter_code text not null,
      entity_id bigint not null,
      company_id bigint,
      op text not null check (op in ('upsert', 'delete')),
      changed_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index sync_change_code_seq on sync_change (inter_code, seq)`.execute(db);
  await sql`
    create function sync_note_change() returns trigger language plpgsql as $$
    declare
      r record;
      cid bigint;
      eid bigint;
      kind text := 'upsert';
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      if tg_table_name = 'sys_company' then
        cid := r.id; eid := r.id;
      elsif tg_table_name = 'sys_dic_catalog' then
        eid := r.type_id; select company_id into cid from sys_dic_type where id = r.type_id;
      elsif tg_table_name in ('sys_user_org', 'sys_user_role') then
        eid := r.user_id; select company_id into cid from sys_user where id = r.user_id;
      else
        cid := r.company_id; eid := r.id;
      end if;
      if tg_op = 'DELETE' and tg_table_name in ('sys_company', 'sys_org', 'sys_user', 'sys_role', 'sys_dic_type') then kind := 'delete'; end if;
      insert into sync_change (inter_code, entity_id, company_id, op) values (tg_argv[0], eid, cid, kind);
      return null;
    end $$
  `.execute(db);
  const watched: [string, string][] = [
    ['sys_org', 'organisations'],
    ['sys_user', 'users'],
    ['sys_user_org', 'users'],
    ['sys_user_role', 'users'],
    ['sys_role', 'roles'],
    ['sys_company', 'companies'],
    ['sys_dic_type', 'dictionaries'],
    ['sys_dic_catalog', 'dictionaries'],
  ];
  for (const [table, code] of watched) {
    await sql`
      create trigger ${sql.ref(`${table}_sync_change`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function sync_note_change(${sql.lit(code)})
    `.execute(db);
  }

  // A signature is accepted once: replays inside the time window are refused by this key.
  await sql`
    create table sync_nonce (
      sys_id bigint not null references sys_module (id) on delete cascade,
      signature text not null,
      seen_at timestamptz not null default now(),
      primary key (sys_id, signature)
    )
  `.execute(db);
  await sql`create index sync_nonce_seen_idx on sync_nonce (seen_at)`.execute(db);

  // 主题: colours, radius and font size for a form (0), a form's add dialog (1) or a report (2).
  await sql`
    create table sys_theme (
      id bigint generated always as identity primary key,
      theme_name text not null,
      type smallint not null check (type in (0, 1, 2)),
      meta jsonb not null,
      create_time timestamptz not null default now(),
      unique (type, theme_name)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_theme, sync_nonce, sys_rel_inter, sync_interface, oidc_payload`.execute(db);
  for (const table of ['sys_org', 'sys_user', 'sys_user_org', 'sys_user_role', 'sys_role', 'sys_company', 'sys_dic_type', 'sys_dic_catalog']) {
    await sql`drop trigger if exists ${sql.ref(`${table}_sync_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists sync_note_change()`.execute(db);
  await sql`drop table if exists sync_change`.execute(db);
  await sql`
    alter table sys_module
      drop column sys_desc, drop column sso, drop column sso_mode, drop column syn, drop column agent_account,
      drop column agent_secret, drop column redirect_uris, drop column logout_uris, drop column webhook_url, drop column secret_time
  `.execute(db);
}
