import { sql, type Kysely } from 'kysely';

/*
 * Issue 40, remainder (ADR 0047): webhooks tell a sub-system that changes it may pull are waiting,
 * with a delivery log per sub-system; and 高级控件数据源 (the original's DataControls).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The last sync_change seq a sub-system's webhook has announced (null: not started yet, the
  // dispatcher starts it at the newest change so history is not pushed).
  await sql`alter table sys_module add column webhook_seq bigint`.execute(db);

  // 推送记录: one row per announced batch of changes; pg-boss retries it with backoff.
  await sql`
    create table sync_delivery (
      id bigint generated always as identity primary key,
      sys_id bigint not null references sys_module (id) on delete cascade,
      from_seq bigint not null,
      to_seq bigint not null,
      entities jsonb not null,
      change_count integer not null,
      status smallint not null default 0 check (status in (0, 1, 2)),
      attempts integer not null default 0,
      http_status integer,
      last_error text,
      create_time timestamptz not null default now(),
      delivered_time timestamptz
    )
  `.execute(db);
  await sql`create index sync_delivery_sys_idx on sync_delivery (sys_id, id desc)`.execute(db);

  // 高级控件数据源: a remote list a picker control can use (value/label fields, column mappings).
  await sql`
    create table sys_data_control (
      id bigint generated always as identity primary key,
      title text not null,
      type text not null check (type in ('0', '1')),
      value_key text not null,
      value_desc text not null,
      label_key text not null,
      label_desc text not null,
      url text not null,
      columns jsonb not null default '[]',
      create_time timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_data_control, sync_delivery`.execute(db);
  await sql`alter table sys_module drop column if exists webhook_seq`.execute(db);
}
