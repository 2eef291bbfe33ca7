import { sql, type Kysely } from 'kysely';

/*
 * Records under approval (issue 35, ADR 0026). While a record's approval runs, the record and its
 * sub-table rows keep the values the approvers are deciding on. The lock sits on form_event,
 * which every record writer inserts into in the same statement or transaction as its change (the
 * record routes, automations, approvals, imports), so no writer can go round it.
 *
 * park_record_locked(form, record, actor): the record has a running instance, and the write is
 * neither the approval's own (the transaction set park.approval_instance to that instance: an
 * approver writing the node's approveItems, the initiator resubmitting through the task) nor the
 * initiator's while the flow waits on them after a 退回 (actor null for deletes: a return lets the
 * initiator edit, not remove). Finished (approved, rejected) and withdrawn instances lock nothing.
 *
 * The refusal is raised with SQLSTATE PK409;
 * plugins/errors.ts answers a PK4xx with its status and message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Running instances are few: the lock's probe reads this small index, not every instance a record had.
  await sql`create index flow_instance_running_idx on flow_instance (form_id, business_id) where approve_status = '0'`.execute(db);
  await sql`
    create function park_record_locked(p_form bigint, p_record bigint, p_actor bigint) returns boolean
    language sql stable as $$
      select exists (
        select 1 from flow_instance i
        where i.form_id = p_form and i.business_id = p_record and i.approve_status = '0'
          and i.id::text is distinct from nullif(current_setting('park.approval_instance', true), '')
          and not (
            p_actor is not null and p_actor = i.initiator_id and exists (
              select 1 from flow_task t join flow_definition d on d.id = i.definition_id
              where t.instance_id = i.id and t.status = 0 and t.assignee_id = i.initiator_id
                and t.node_id = d.node_config->>'nodeId')))
    $$`.execute(db);
  // A row trigger, on the events that can touch an existing record: a statement trigger over a
  // transition table cost ~0.5 ms a statement once any approval ran, this ~15 µs an event. A new main
  // record cannot be under approval yet: its inserts (the commonest write) skip the check (WHEN).
  await sql`
    create function park_form_event_lock() returns trigger
    language plpgsql as $$
    declare
      removes boolean := new.op = 'delete' and new.sub_key is null;
      rec bigint;
    begin
      if new.sub_key is null then
        rec := new.record_id;
      else
        rec := coalesce(new.after->>'parent_id', new.before->>'parent_id')::bigint;
      end if;
      if rec is not null and park_record_locked(new.form_id, rec, case when removes then null else new.actor_id end) then
        raise exception using errcode = 'PK409',
          message = case when removes then '该记录正在审批中，不能删除' else '该记录正在审批中，不能修改' end;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger form_event_record_lock before insert on form_event
    for each row when (new.op <> 'insert' or new.sub_key is not null)
    execute function park_form_event_lock()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists form_event_record_lock on form_event`.execute(db);
  await sql`drop function if exists park_form_event_lock()`.execute(db);
  await sql`drop function if exists park_record_locked(bigint, bigint, bigint)`.execute(db);
  await sql`drop index if exists flow_instance_running_idx`.execute(db);
}
