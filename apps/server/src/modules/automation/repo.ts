import { sql, type Kysely } from 'kysely';
import type { FlowNode } from '@park/core';
import type { Database } from '../../db/schema.ts';

export interface ClaimedExecution {
  id: string;
  flow_id: string;
  version_id: string;
  event_id: string;
  form_id: string;
  record_id: string;
  event: string;
  depth: number;
  attempts: number;
  lease_token: string;
  /** Never started before: no step rows to look for. */
  fresh: boolean;
}

/**
 * Takes up to `limit` due executions: new ones, ones whose retry time has come, and ones whose
 * worker stopped holding them (lease passed: a crashed or killed instance). SKIP LOCKED lets
 * several instances claim side by side without waiting on each other.
 */
export async function claimDue(db: Kysely<Database>, limit: number, leaseMs: number, token: string): Promise<ClaimedExecution[]> {
  const r = await sql<ClaimedExecution>`
    with c as (
      select id, start_time from auto_execution
      where status in ('pending', 'running') and next_run_at <= now() and (status = 'pending' or lease_until < now())
      order by next_run_at, id
      limit ${limit}
      for update skip locked)
    update auto_execution e
    set status = 'running', lease_until = now() + ${leaseMs} * interval '1 millisecond', lease_token = ${token},
        start_time = coalesce(e.start_time, now())
    from c where e.id = c.id
    returning e.id, e.flow_id, e.version_id, e.event_id, e.form_id, e.record_id, e.event, e.depth, e.attempts, e.lease_token,
              (c.start_time is null) as fresh`.execute(db);
  return r.rows;
}

export interface EventRow {
  id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor_id: string | null;
}

export async function loadEvents(db: Kysely<Database>, ids: string[]): Promise<Map<string, EventRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('form_event').select(['id', 'before', 'after', 'actor_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), r as EventRow]));
}

export interface VersionRow {
  id: string;
  flow_id: string;
  version: number;
  flow_name: string;
  node_config: FlowNode;
  owner_id: string | null;
}

export async function loadVersions(db: Kysely<Database>, ids: string[]): Promise<VersionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('auto_flow_version as v')
    .innerJoin('auto_flow as f', 'f.id', 'v.flow_id')
    .select(['v.id', 'v.flow_id', 'v.version', 'v.flow_name', 'v.node_config', 'f.owner_id'])
    .where('v.id', 'in', ids)
    .execute();
  return rows as VersionRow[];
}

export async function doneSteps(db: Kysely<Database>, executionId: string): Promise<Map<string, unknown>> {
  const rows = await db
    .selectFrom('auto_step')
    .select(['node_id', 'output'])
    .where('execution_id', '=', executionId)
    .where('status', '=', 'success')
    .execute();
  return new Map(rows.map((r) => [r.node_id, r.output]));
}

export interface StepRow {
  executionId: string;
  nodeId: string;
  nodeName: string;
  nodeType: number;
  status: 'success' | 'failed';
  attempt: number;
  input?: unknown;
  output?: unknown;
  error?: string | null;
  startTime: Date;
}

/**
 * The step rows as one JSON parameter (rather than ten parameters a row): a group's 100-odd rows
 * bind and plan as one value.
 */
function stepRows(steps: StepRow[]) {
  const rows = steps.map((s) => ({
    execution_id: s.executionId,
    node_id: s.nodeId,
    node_name: s.nodeName.slice(0, 200),
    node_type: s.nodeType,
    attempt: s.attempt,
    status: s.status,
    // Absent keys read as NULL (a JSON null would be stored as the jsonb value null).
    input: s.input,
    output: s.output,
    error: s.error ?? null,
    start_time: s.startTime.toISOString(),
  }));
  return sql`insert into auto_step (execution_id, node_id, node_name, node_type, attempt, status, input, output, error, start_time)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(execution_id bigint, node_id text, node_name text,
      node_type smallint, attempt integer, status text, input jsonb, output jsonb, error text, start_time timestamptz)`;
}

export async function insertSteps(trx: Kysely<Database>, steps: StepRow[]): Promise<void> {
  if (steps.length === 0) return;
  await stepRows(steps).execute(trx);
}

/**
 * Ends a node's transaction with its step rows, in one statement: checks the claim is still this
 * worker's (otherwise the caller rolls back), extends it, and on the last node marks the execution done.
 */
export async function touchOrFinish(trx: Kysely<Database>, id: string, token: string, leaseMs: number, finish: boolean, steps: StepRow[]): Promise<boolean> {
  const change = finish
    ? sql`status = 'success', finish_time = now(), error = null, failed_node_id = null, lease_token = null, lease_until = null`
    : sql`lease_until = now() + ${leaseMs} * interval '1 millisecond'`;
  const r = await sql<{ n: number }>`
    with s as (${stepRows(steps)}),
    f as (update auto_execution set ${change} where id = ${id} and lease_token = ${token} and status = 'running' returning id)
    select count(*)::int as n from f`.execute(trx);
  return r.rows[0]!.n === 1;
}

/** Finishes a group of executions run in one transaction, with their step rows; false when any claim was lost (the caller rolls back). */
export async function finishAll(trx: Kysely<Database>, ids: string[], token: string, steps: StepRow[]): Promise<boolean> {
  const r = await sql<{ n: number }>`
    with s as (${stepRows(steps)}),
    f as (update auto_execution set status = 'success', finish_time = now(), error = null, failed_node_id = null,
            lease_token = null, lease_until = null
          where id = any(${ids}::bigint[]) and lease_token = ${token} and status = 'running' returning id)
    select count(*)::int as n from f`.execute(trx);
  return r.rows[0]!.n === ids.length;
}

/** Records the outcome of a failure or a skip, if the claim is still ours. */
export async function settle(
  trx: Kysely<Database>,
  id: string,
  token: string,
  outcome: { status: 'pending' | 'failed' | 'skipped'; error: string; nodeId: string | null; retryInMs?: number; countAttempt: boolean },
): Promise<{ flow_id: string } | null> {
  const r = await sql<{ flow_id: string }>`
    update auto_execution set status = ${outcome.status}, error = ${outcome.error}, failed_node_id = ${outcome.nodeId},
      attempts = attempts + ${outcome.countAttempt ? 1 : 0},
      next_run_at = now() + ${outcome.retryInMs ?? 0} * interval '1 millisecond',
      finish_time = case when ${outcome.status}::text = 'pending' then null else now() end,
      lease_token = null, lease_until = null
    where id = ${id} and lease_token = ${token} and status = 'running' returning flow_id`.execute(trx);
  return r.rows[0] ?? null;
}
