import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 (ADR 0052): 文件库. A library entry (doc_file) points at an upload in sys_file and says
 * whose library holds it: source 0 共享 (the park's; company_id null; doc_file_black_list the
 * tenants that may not see it), 1 企业 (company_id the tenant), 2 个人 (owner_id the user).
 * Classification and tag trees are per source and tenant (company_id null: the park's), three
 * levels at most; a classification a file uses cannot be deleted (restrict, and a clear message).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table doc_classification (
      id bigint generated always as identity primary key,
      source smallint not null check (source in (0, 1, 2)),
      company_id bigint references sys_company (id) on delete cascade,
      parent_id bigint references doc_classification (id) on delete restrict,
      name text not null,
      code text,
      level smallint not null check (level between 1 and 3),
      catalog_index integer not null default 0,
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index doc_classification_scope_idx on doc_classification (source, company_id)`.execute(db);
  await sql`
    create table doc_tag (
      id bigint generated always as identity primary key,
      source smallint not null check (source in (0, 1, 2)),
      company_id bigint references sys_company (id) on delete cascade,
      parent_id bigint references doc_tag (id) on delete restrict,
      classification_id bigint references doc_classification (id) on delete set null,
      name text not null,
      code text,
      level smallint not null check (level between 1 and 3),
      catalog_index integer not null default 0,
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index doc_tag_scope_idx on doc_tag (source, company_id)`.execute(db);
  await sql`
    create table doc_file (
      id bigint generated always as identity primary key,
      source smallint not null check (source in (0, 1, 2)),
      file_id bigint not null references sys_file (id) on delete cascade,
      original_name text not null,
      file_type text not null default '',
      company_id bigint references sys_company (id) on delete cascade,
      owner_id bigint references sys_user (id) on delete cascade,
      classification_id bigint not null references doc_classification (id) on delete restrict,
      upload_time timestamptz not null default now(),
      update_time timestamptz,
      check (source <> 0 or company_id is null),
      check (source <> 1 or company_id is not null),
      check (source <> 2 or owner_id is not null)
    )`.execute(db);
  await sql`create index doc_file_list_idx on doc_file (source, company_id, upload_time desc)`.execute(db);
  await sql`create index doc_file_file_idx on doc_file (file_id)`.execute(db);
  await sql`create index doc_file_owner_idx on doc_file (owner_id)`.execute(db);
  await sql`create table doc_file_tag (doc_file_id bigint not null references doc_file (id) on delete cascade, tag_id bigint not null references doc_tag (id) on delete cascade, primary key (doc_file_id, tag_id))`.execute(db);
  await sql`create table doc_file_black_list (doc_file_id bigint not null references doc_file (id) on delete cascade, company_id bigint not null references sys_company (id) on delete cascade, primary key (doc_file_id, company_id))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['doc_file_black_list', 'doc_file_tag', 'doc_file', 'doc_tag', 'doc_classification']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
