import { sql, type Kysely } from 'kysely';

/*
 * Issue 39 (ADR 0057): 自动报表 and 订阅. A schedule sends a report's table widget (Excel) or a
 * dashboard (PNG) to recipients, rendered with its owner's rights; a subscription is a schedule
 * whose one recipient is its owner. Periods are claimed once across instances; the send log says
 * when, to whom, with what result; the delivered files say who may read them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auto_report (
    id bigserial primary key,
    name text not null,
    report_id bigint not null references report_def(id) on delete cascade,
    target text not null check (target in ('excel', 'png')),
    widget_id text,
    frequency jsonb not null,
    recipients jsonb not null,
    enabled boolean not null default true,
    subscription boolean not null default false,
    owner_id bigint not null references sys_user(id) on delete cascade,
    company_id bigint,
    create_time timestamptz not null default now(),
    update_time timestamptz not null default now()
  )`.execute(db);
  await sql`create index auto_report_owner on auto_report (owner_id)`.execute(db);
  await sql`create table auto_report_period (
    auto_report_id bigint not null references auto_report(id) on delete cascade,
    period text not null,
    claimed_at timestamptz not null default now(),
    primary key (auto_report_id, period)
  )`.execute(db);
  await sql`create table auto_report_log (
    id bigserial primary key,
    auto_report_id bigint not null references auto_report(id) on delete cascade,
    period text not null,
    trigger text not null,
    receiver_ids jsonb not null default '[]',
    result text not null,
    error text,
    file_id bigint,
    create_time timestamptz not null default now()
  )`.execute(db);
  await sql`create index auto_report_log_report on auto_report_log (auto_report_id, id desc)`.execute(db);
  await sql`create table auto_report_file (
    file_id bigint not null references sys_file(id) on delete cascade,
    receiver_id bigint not null,
    primary key (file_id, receiver_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists auto_report_file, auto_report_log, auto_report_period, auto_report`.execute(db);
}
