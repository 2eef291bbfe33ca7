import { sql, type Kysely } from 'kysely';

/*
 * Issue 39 (ADR 0051): 提醒设置. A form's reminder settings (the original's formSet JSON), the
 * periods a reminder has been claimed for (one send per period across every instance), the records
 * a 数据提醒 has reminded in a period, and the send log (what, to whom, by which channel, result).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table form_remind_set (
    id bigserial primary key,
    form_id bigint not null unique references form_conf(id) on delete cascade,
    form_set jsonb not null,
    update_time timestamptz not null default now()
  )`.execute(db);
  await sql`create table form_remind_period (
    rule_key text not null,
    period text not null,
    claimed_at timestamptz not null default now(),
    primary key (rule_key, period)
  )`.execute(db);
  await sql`create table form_remind_record (
    rule_key text not null,
    period text not null,
    record_id bigint not null,
    primary key (rule_key, period, record_id)
  )`.execute(db);
  await sql`create table form_remind_log (
    id bigserial primary key,
    form_id bigint not null references form_conf(id) on delete cascade,
    rule_kind text not null,
    rule_index integer not null,
    period text not null,
    record_id bigint,
    title text not null,
    receiver_id bigint not null,
    channel text not null,
    result text not null,
    create_time timestamptz not null default now()
  )`.execute(db);
  await sql`create index form_remind_log_form on form_remind_log (form_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists form_remind_log, form_remind_record, form_remind_period, form_remind_set`.execute(db);
}
