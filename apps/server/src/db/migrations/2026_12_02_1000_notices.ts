import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 (ADR 0048): 公告. A notice's receivers are rows of notice_receiver, written in the
 * background by one INSERT … SELECT; the row's read_time is the read statistics. company_id null
 * on notice is a 平台公告 (kind 0); kind 1 is a 企业公告 of that company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notice (
      id bigint generated always as identity primary key,
      kind smallint not null check (kind in (0, 1)),
      company_id bigint references sys_company (id) on delete cascade,
      title text not null,
      notice_type text not null,
      content text not null,
      background_file_id bigint references sys_file (id) on delete set null,
      sms_notify boolean not null default false,
      status smallint not null default 0 check (status in (0, 1, 2, 3)),
      publish_time timestamptz,
      receiver_total integer not null default 0,
      delivered boolean not null default false,
      create_by bigint references sys_user (id) on delete set null,
      create_time timestamptz not null default now(),
      update_time timestamptz,
      check ((kind = 0) = (company_id is null))
    )`.execute(db);
  await sql`create index notice_company_idx on notice (company_id, create_time desc)`.execute(db);
  await sql`create table notice_file (notice_id bigint not null references notice (id) on delete cascade, file_id bigint not null references sys_file (id) on delete cascade, primary key (notice_id, file_id))`.execute(db);
  await sql`create table notice_black_list (notice_id bigint not null references notice (id) on delete cascade, company_id bigint not null references sys_company (id) on delete cascade, primary key (notice_id, company_id))`.execute(db);
  await sql`create table notice_target_org (notice_id bigint not null references notice (id) on delete cascade, org_id bigint not null, primary key (notice_id, org_id))`.execute(db);
  await sql`create table notice_target_user (notice_id bigint not null references notice (id) on delete cascade, user_id bigint not null references sys_user (id) on delete cascade, primary key (notice_id, user_id))`.execute(db);
  await sql`
    create table notice_receiver (
      notice_id bigint not null references notice (id) on delete cascade,
      user_id bigint not null references sys_user (id) on delete cascade,
      company_id bigint,
      read_time timestamptz,
      primary key (notice_id, user_id)
    )`.execute(db);
  // A user's list and unread count read this index alone.
  await sql`create index notice_receiver_user_idx on notice_receiver (user_id, notice_id) include (read_time)`.execute(db);
  await sql`
    create table notice_sms_template (
      id bigint generated always as identity primary key,
      name text not null,
      content text not null,
      is_default boolean not null default false,
      create_time timestamptz not null default now(),
      update_time timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notice_sms_template', 'notice_receiver', 'notice_target_user', 'notice_target_org', 'notice_black_list', 'notice_file', 'notice']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
