import { sql, type Kysely } from 'kysely';
import { formatDateTime, type Condition } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { sanitizeForLog, truncateUtf8 } from '../../plugins/audit.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { compileCondition } from './queryCompiler.ts';
import { prepareRow, type WriteContext } from './recordWriter.ts';
import { deleteRecords, insertRecord, updateRecord, type Row } from './recordStore.ts';
import { fileIdsOf } from './recordFiles.ts';
import { companyOnlyScope } from './recordAccess.ts';

/**
 * Record writes inside a caller's transaction, for writers that are not an HTTP request (the
 * automation engine first). The same building blocks as the record routes: core's checkSubmission
 * through prepareRow (a value the form refuses is refused here with the same message), the record
 * stores that keep file references and write form_event, and an operation-log row per change.
 *
 * Who: `actor.auth` (the rights and company scope the writes run with) and how the log names it.
 * Why: `cause` marks the form_event rows this transaction writes with their depth and the
 * execution that caused them (transaction-local settings read by the column defaults), which is
 * what the automation loop guard counts.
 */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

export interface RecordActor {
  auth: AuthContext;
  /** Operation-log naming: e.g. { module: '自动化', prefix: '自动化「台账登记」' }. */
  log: { module: string; prefix: string };
}

export interface RecordCause {
  depth: number;
  executionId: string;
}

/** Marks every form_event this transaction writes from now on with the cause. */
export async function markCause(trx: Kysely<Database>, cause: RecordCause): Promise<void> {
  await sql`select set_config('park.event_depth', ${String(cause.depth)}, true), set_config('park.event_execution', ${cause.executionId}, true)`.execute(trx);
}

function writeContext(actor: RecordActor): WriteContext {
  return { auth: actor.auth, currentDate: formatDateTime(new Date()) };
}

function logRow(actor: RecordActor, action: string, formId: string, targetIds: string[], detail?: unknown) {
  return {
    user_id: actor.auth.userId,
    username: actor.auth.user.username,
    module: actor.log.module,
    action: truncateUtf8(`${actor.log.prefix}${action}`, 200),
    target_type: `form:${formId}`,
    target_id: truncateUtf8(targetIds.join(','), 1000),
    detail: detail === undefined ? null : JSON.stringify(sanitizeForLog(detail)),
  };
}

async function log(trx: Kysely<Database>, actor: RecordActor, action: string, formId: string, targetIds: string[], detail?: unknown) {
  await trx.insertInto('sys_operation_log').values({ ...logRow(actor, action, formId, targetIds, detail), ip: null, result: 0, err_msg: null }).execute();
}

/**
 * The update of one row without files, its form_event and its operation-log row in one statement
 * (as InsertBatcher writes inserts): an automation updating a row per event pays one round trip
 * for it instead of three.
 */
async function updateInOneStatement(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  before: Row,
  row: Record<string, unknown>,
  actor: RecordActor,
  action: string,
): Promise<Row> {
  const sets = Object.entries(row).map(([k, v]) => sql`${sql.id(k)} = ${v}`);
  const l = logRow(actor, action, model.formId, [String(before.id)], [before]);
  const r = await sql<Row>`
    with u as (
      update ${sql.table(table.table)}
      set ${sql.join([...sets, sql`update_by = ${actor.auth.userId}`, sql`update_time = now()`, sql`version = version + 1`])}
      where id = ${String(before.id)} returning *
    ), e as (
      insert into form_event (form_id, sub_key, record_id, op, before, after, actor_id)
      select ${model.formId}::bigint, ${table.subKey}::text, u.id, 'update', ${JSON.stringify(before)}::jsonb, to_jsonb(u.*), ${actor.auth.userId}::bigint from u
    ), l as (
      insert into sys_operation_log (user_id, username, module, action, target_type, target_id, detail)
      select ${l.user_id}::bigint, ${l.username}, ${l.module}, ${l.action}, ${l.target_type}, ${l.target_id}, ${l.detail}::jsonb from u
    )
    select * from u`.execute(trx);
  return r.rows[0]!;
}

/** Adds where-clauses for the caller's company scope, a filter and (for sub-tables) the parents. */
function selectRows(trx: Kysely<Database>, table: TableModel, actor: RecordActor, filter: Condition | null, parentIds?: readonly string[]) {
  let q = anyDb(trx).selectFrom(table.table).selectAll();
  const scope = companyScopeOf(actor.auth);
  if (scope) q = q.where('company_id', '=', scope);
  if (parentIds) q = q.where('parent_id', 'in', parentIds.length > 0 ? [...parentIds] : ['0']);
  if (filter) {
    const now = new Date();
    q = q.where((eb) => compileCondition(eb, filter, table.queryColumns, now));
  }
  return q.orderBy('id');
}

/** Inserts one record (main table, or a sub-table row under `parentId`), validated as the form's add call validates it. */
export async function insertOne(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  values: Record<string, unknown>,
  actor: RecordActor,
  parentId: string | null = null,
): Promise<Row> {
  const row = prepareRow(table, values, writeContext(actor));
  const inserted = await insertRecord(trx, model, table, row, actor.auth, parentId);
  await log(trx, actor, table.subKey ? `新增子表数据（${table.name}）` : '新增表单数据', model.formId, [String(inserted.id)]);
  return inserted;
}

/**
 * Updates every row the filter matches (locked in id order, so two writers cannot deadlock on
 * the same rows); `changes(before)` gives each row's new values, checked as an edit is.
 */
export async function updateWhere(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  filter: Condition | null,
  changes: (before: Row) => Record<string, unknown>,
  actor: RecordActor,
  parentIds?: readonly string[],
): Promise<Array<{ before: Row; after: Row }>> {
  const rows = await selectRows(trx, table, actor, filter, parentIds).forUpdate().execute();
  const out: Array<{ before: Row; after: Row }> = [];
  const wctx = writeContext(actor);
  const action = table.subKey ? `修改子表数据（${table.name}）` : '修改表单数据';
  for (const before of rows) {
    const row = prepareRow(table, changes(before), wctx, before);
    if (rows.length === 1 && fileIdsOf(table, before).size === 0 && fileIdsOf(table, row).size === 0) {
      out.push({ before, after: await updateInOneStatement(trx, model, table, before, row, actor, action) });
      return out;
    }
    out.push({ before, after: await updateRecord(trx, model, table, before, row, actor.auth, null) });
  }
  if (out.length > 0) await log(trx, actor, action, model.formId, out.map((r) => String(r.before.id)), out.map((r) => r.before));
  return out;
}

/** Deletes every row the filter matches; the deleted rows are kept in the log. */
export async function deleteWhere(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  filter: Condition | null,
  actor: RecordActor,
  parentIds?: readonly string[],
): Promise<Row[]> {
  const ids = (await selectRows(trx, table, actor, filter, parentIds).forUpdate().execute()).map((r) => String(r.id));
  if (ids.length === 0) return [];
  const deleted = await deleteRecords(trx, model, table, ids, actor.auth, companyOnlyScope(actor.auth));
  await log(trx, actor, table.subKey ? `删除子表数据（${table.name}）` : '删除表单数据', model.formId, ids, deleted);
  return deleted;
}

/** The rows a filter matches, without locking: for dry runs. */
export async function findWhere(
  db: Kysely<Database>,
  table: TableModel,
  filter: Condition | null,
  actor: RecordActor,
  parentIds?: readonly string[],
  limit = 1000,
): Promise<Row[]> {
  return selectRows(db, table, actor, filter, parentIds).limit(limit).execute();
}
