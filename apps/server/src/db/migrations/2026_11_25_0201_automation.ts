import { sql, type Kysely } from 'kysely';

/*
 * The automation engine (issue 18, DESIGN.md §10.1).
 *
 * form_event gains the depth of the change (0 from a person, parent + 1 from an automation) and
 * the execution that caused it. Both default from transaction-local settings that the records
 * service sets (park.event_depth, park.event_execution), so every existing writer keeps working
 * unchanged and an automation's writes are marked without threading the values through them.
 *
 * A statement-level trigger on form_event turns each new main-record event into one pending
 * execution per enabled flow listening to that form and event, in the same transaction as the
 * record change: an event exists exactly when its executions do, and (flow, event) is unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table form_event
    add column depth integer not null default coalesce(nullif(current_setting('park.event_depth', true), '')::integer, 0),
    add column execution_id bigint default nullif(current_setting('park.event_execution', true), '')::bigint`.execute(db);

  // 组织管理: an organisation's leader (主管), so supervisor levels mean something.
  await sql`alter table sys_org add column leader_id bigint references sys_user(id) on delete set null`.execute(db);

  await sql`create table auto_flow (
    id bigint primary key generated always as identity,
    flow_name text not null,
    form_id bigint not null,
    event text not null check (event in ('insert', 'update', 'delete')),
    status smallint not null default 1,
    owner_id bigint references sys_user(id) on delete set null,
    version integer not null default 0,
    version_id bigint,
    deleted boolean not null default false,
    create_time timestamptz not null default now(),
    update_time timestamptz not null default now()
  )`.execute(db);
  await sql`create index auto_flow_trigger_idx on auto_flow (form_id, event) where status = 1 and not deleted`.execute(db);

  await sql`create table auto_flow_version (
    id bigint primary key generated always as identity,
    flow_id bigint not null references auto_flow(id) on delete cascade,
    version integer not null,
    flow_name text not null,
    node_config jsonb not null,
    writes_form_ids bigint[] not null default '{}',
    create_by bigint,
    create_time timestamptz not null default now(),
    unique (flow_id, version)
  )`.execute(db);
  await sql`alter table auto_flow add constraint auto_flow_version_fk foreign key (version_id) references auto_flow_version(id)`.execute(db);

  await sql`create table auto_execution (
    id bigint primary key generated always as identity,
    flow_id bigint not null references auto_flow(id) on delete cascade,
    version_id bigint not null references auto_flow_version(id),
    event_id bigint not null,
    form_id bigint not null,
    record_id bigint not null,
    event text not null,
    depth integer not null default 0,
    status text not null default 'pending' check (status in ('pending', 'running', 'success', 'failed', 'skipped')),
    attempts integer not null default 0,
    next_run_at timestamptz not null default now(),
    lease_until timestamptz,
    lease_token text,
    error text,
    failed_node_id text,
    create_time timestamptz not null default now(),
    start_time timestamptz,
    finish_time timestamptz,
    unique (flow_id, event_id)
  )`.execute(db);
  await sql`create index auto_execution_due_idx on auto_execution (next_run_at, id) where status in ('pending', 'running')`.execute(db);
  await sql`create index auto_execution_flow_idx on auto_execution (flow_id, id desc)`.execute(db);
  await sql`create index auto_execution_status_idx on auto_execution (status, id desc)`.execute(db);

  await sql`create table auto_step (
    id bigint primary key generated always as identity,
    execution_id bigint not null references auto_execution(id) on delete cascade,
    node_id text not null,
    node_name text not null,
    node_type smallint not null,
    attempt integer not null default 1,
    status text not null check (status in ('success', 'failed')),
    input jsonb,
    output jsonb,
    error text,
    start_time timestamptz not null default now(),
    finish_time timestamptz not null default now()
  )`.execute(db);
  // A node's effects commit with its success row: a second success row for the node is refused,
  // so no node can take effect twice whatever the workers do.
  await sql`create unique index auto_step_once_idx on auto_step (execution_id, node_id) where status = 'success'`.execute(db);
  await sql`create index auto_step_execution_idx on auto_step (execution_id, id)`.execute(db);

  await sql`create function auto_enqueue_events() returns trigger language plpgsql as $$
    begin
      insert into auto_execution (flow_id, version_id, event_id, form_id, record_id, event, depth)
      select f.id, f.version_id, e.id, e.form_id, e.record_id, e.op, e.depth
      from new_events e
      join auto_flow f on f.form_id = e.form_id and f.event = e.op and f.status = 1 and not f.deleted
      where e.sub_key is null and f.version_id is not null
      on conflict (flow_id, event_id) do nothing;
      if found then
        perform pg_notify('park_automation', '');
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger form_event_automation after insert on form_event
    referencing new table as new_events for each statement execute function auto_enqueue_events()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists form_event_automation on form_event`.execute(db);
  await sql`drop function if exists auto_enqueue_events()`.execute(db);
  await sql`drop table if exists auto_step`.execute(db);
  await sql`drop table if exists auto_execution`.execute(db);
  await sql`alter table auto_flow drop constraint if exists auto_flow_version_fk`.execute(db);
  await sql`drop table if exists auto_flow_version`.execute(db);
  await sql`drop table if exists auto_flow`.execute(db);
  await sql`alter table sys_org drop column if exists leader_id`.execute(db);
  await sql`alter table form_event drop column if exists depth, drop column if exists execution_id`.execute(db);
}
