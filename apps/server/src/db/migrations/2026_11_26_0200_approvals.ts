import { sql, type Kysely } from 'kysely';

/*
 * Approvals (issue 20, DESIGN.md §10.2). flow_model is a form's editable design; deploying copies
 * it into an immutable flow_definition (the processDefinitionId), so running instances finish on
 * the version they started with. flow_task, until now a bare to-do row, gains the instance, node
 * and signing fields; old rows without an instance stay valid to-dos. flow_comment is the history
 * queryapprovedetails shows. sys_holiday is 系统管理's calendar for time limits counted in working days.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table flow_model (
      id bigint generated always as identity primary key,
      form_id bigint not null unique references form_conf(id) on delete cascade,
      model_name text not null,
      node_config jsonb not null,
      version integer not null default 0,
      definition_id bigint,
      update_by bigint references sys_user(id) on delete set null,
      update_time timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table flow_definition (
      id bigint generated always as identity primary key,
      model_id bigint not null references flow_model(id) on delete cascade,
      form_id bigint not null,
      version integer not null,
      node_config jsonb not null,
      create_by bigint references sys_user(id) on delete set null,
      create_time timestamptz not null default now(),
      unique (model_id, version)
    )`.execute(db);
  await sql`
    create table flow_instance (
      id bigint generated always as identity primary key,
      definition_id bigint not null references flow_definition(id),
      form_id bigint not null,
      business_id bigint not null,
      business_name text not null,
      initiator_id bigint references sys_user(id) on delete set null,
      approve_status text not null default '0',
      resume_node_id text,
      last_remind_time timestamptz,
      start_time timestamptz not null default now(),
      end_time timestamptz
    )`.execute(db);
  await sql`create index flow_instance_record_idx on flow_instance (form_id, business_id, id desc)`.execute(db);
  await sql`create index flow_instance_initiator_idx on flow_instance (initiator_id, start_time desc, id desc)`.execute(db);

  await sql`
    alter table flow_task
      add column instance_id bigint references flow_instance(id) on delete cascade,
      add column node_id text,
      add column node_name text,
      add column task_type smallint not null default 0,
      add column approve_type smallint not null default 0,
      add column seq numeric not null default 0,
      add column round integer not null default 0,
      add column parent_task_id bigint,
      add column sign_kind text,
      add column remark text,
      add column approve_items jsonb,
      add column action text,
      add column due_time timestamptz,
      add column timeout_stage smallint not null default 0`.execute(db);
  // The to-do page: a user's waiting tasks, newest first; the done page: handled ones by time.
  await sql`create index flow_task_todo_idx on flow_task (assignee_id, create_time desc, id desc) where status = 0`.execute(db);
  await sql`create index flow_task_done_idx on flow_task (assignee_id, done_time desc, id desc) where status = 1`.execute(db);
  await sql`create index flow_task_instance_idx on flow_task (instance_id, round, node_id)`.execute(db);
  await sql`create index flow_task_due_idx on flow_task (due_time) where status = 0 and due_time is not null`.execute(db);

  await sql`
    create table flow_comment (
      id bigint generated always as identity primary key,
      instance_id bigint not null references flow_instance(id) on delete cascade,
      task_id bigint,
      node_id text,
      node_name text,
      user_id bigint references sys_user(id) on delete set null,
      type text not null,
      status smallint not null,
      remark text,
      approve_items jsonb,
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_comment_instance_idx on flow_comment (instance_id, id)`.execute(db);

  await sql`
    create table sys_holiday (
      day date primary key,
      workday boolean not null default false,
      name text not null default ''
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_holiday`.execute(db);
  await sql`drop table if exists flow_comment`.execute(db);
  for (const idx of ['flow_task_todo_idx', 'flow_task_done_idx', 'flow_task_instance_idx', 'flow_task_due_idx']) {
    await sql`drop index if exists ${sql.id(idx)}`.execute(db);
  }
  await sql`
    alter table flow_task drop column if exists instance_id, drop column if exists node_id, drop column if exists node_name,
      drop column if exists task_type, drop column if exists approve_type, drop column if exists seq, drop column if exists round,
      drop column if exists parent_task_id, drop column if exists sign_kind, drop column if exists remark,
      drop column if exists approve_items, drop column if exists action, drop column if exists due_time,
      drop column if exists timeout_stage`.execute(db);
  await sql`drop table if exists flow_instance`.execute(db);
  await sql`drop table if exists flow_definition`.execute(db);
  await sql`drop table if exists flow_model`.execute(db);
}
