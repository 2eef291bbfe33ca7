import { sql, type Kysely } from 'kysely';
import { formatDateTime, type Condition } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { sanitizeForLog, truncateUtf8 } from '../../plugins/audit.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { compileCondition } from './queryCompiler.ts';
import { prepareRow, type WriteContext } from './recordWriter.ts';
import { deleteRecords, insertRecord, updateRecord, type Row } from './recordStore.ts';
import { fileIdsOf } from './recordFiles.ts';
import { companyOnlyScope } from './recordAccess.ts';
import { formIdOfTable } from './tableNames.ts';

/**
 * Record writes by filter inside a caller's transaction, for writers that are not an HTTP request
 * (automations). Only the records API (records.service.ts) calls these; other modules call it.
 * The same building blocks as the record routes: core's checkSubmission through prepareRow (a
 * value the form refuses is refused here with the same message), the record stores that keep file
 * references and write form_event, and an operation-log row per change.
 *
 * Who: `actor.auth` (the rights and company scope the writes run with) and how the log names it.
 * Why: `actor.cause`, and for an automation's grouped updates the `EventCause` each event names
 * (its depth and execution), which is what the automation loop guard counts.
 */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

/** Why a record is written: the four ways in (issue 45). The HTTP calls' actor is their request. */
export type RecordCause = 'user' | 'automation' | 'approval' | 'import' | 'qrCode';

/** A writer that is not an HTTP request: who it writes as, why, and how the operation log names it. */
export interface RecordActor {
  cause: Exclude<RecordCause, 'user'>;
  auth: AuthContext;
  /** Operation-log naming: e.g. { module: '自动化', prefix: '自动化「台账登记」' }. */
  log: { module: string; prefix: string };
  /**
   * Rows a filter matched that were left alone because they (or, for sub-table rows, their
   * parents) are under approval (ADR 0026): told here so the writer can say why they were skipped.
   */
  skipped?(table: TableModel, ids: string[]): void;
}

/** Why an automation leaves a matched row alone. */
export const SKIPPED_UNDER_APPROVAL = '记录正在审批中，已跳过';

/** The automation execution an event comes from and its depth (the loop guard counts them). */
export interface EventCause {
  depth: number;
  executionId: string;
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

/** One change of a many-row update: the row as the change finds it, its checked new values, who and why. */
interface RowUpdate {
  before: Row;
  row: Record<string, unknown>;
  actor: RecordActor;
  action: string;
  cause?: EventCause;
}

/**
 * Updates without files, their form_event rows and their operation-log rows in one statement (as
 * InsertBatcher writes inserts): an automation's group pays one round trip for all its changes
 * instead of three a change. A row may be changed several times, in order (each change computed
 * by the caller from the row as the change before left it): the row is written once, with its last
 * values, and each earlier change's event gets the row as that change left it, built by the table's
 * own row type (jsonb_populate_record) so it reads as the stored row would. Values travel as one
 * JSON value. With a cause the events name it themselves rather than through the transaction-local
 * settings. All updates carry a cause or none does. Returns the stored rows after their last change.
 */
async function updateRowsInOneStatement(trx: Kysely<Database>, model: FormModel, table: TableModel, updates: RowUpdate[]): Promise<Map<string, Row>> {
  if (updates.length === 0) return new Map();
  const times = new Map<string, number>();
  const items = updates.map((u, n) => {
    const id = String(u.before.id);
    const k = (times.get(id) ?? 0) + 1;
    times.set(id, k);
    const l = logRow(u.actor, u.action, model.formId, [id], [u.before]);
    return { n, id, k, vals: u.row, before: u.before, by: u.actor.auth.userId, depth: u.cause?.depth ?? null, execution: u.cause?.executionId ?? null, ...l };
  });
  const rows = items.map((item) => ({ ...item, last: item.k === times.get(item.id) }));
  const columns = [...new Set(updates.flatMap((u) => Object.keys(u.row)))];
  const sets = columns.map((c) => sql`${sql.id(c)} = case when v.vals ? ${c} then r.${sql.id(c)} else t.${sql.id(c)} end`);
  const withCause = updates[0]!.cause !== undefined;
  const r = await sql<Row>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        n integer, id bigint, k integer, last boolean, vals jsonb, before jsonb, by bigint, depth integer, execution bigint,
        user_id bigint, username text, module text, action text, target_type text, target_id text, detail jsonb)
    ), u as (
      update ${sql.table(table.table)} t
      set ${sql.join([...sets, sql`update_by = v.by`, sql`update_time = now()`, sql`version = t.version + v.k`])}
      from v cross join lateral jsonb_populate_record(null::${sql.table(table.table)}, v.vals) r
      where t.id = v.id and v.last
      returning t.*, v.n as "_n", to_jsonb(t.*) as "_after"
    ), img as (
      select u."_n" as n, u."_after" as after from u
      union all
      select v.n, to_jsonb(jsonb_populate_record(c, v.vals || jsonb_build_object('update_by', v.by, 'update_time', now(), 'version', c.version + v.k)))
      from v join ${sql.table(table.table)} c on c.id = v.id where not v.last
    ), e as (
      insert into form_event (form_id, sub_key, record_id, op, before, after, actor_id${withCause ? sql`, depth, execution_id` : sql``})
      select ${model.formId}::bigint, ${table.subKey}::text, v.id, 'update',
             coalesce(lag(img.after) over (partition by v.id order by v.k), v.before), img.after, v.by${withCause ? sql`, v.depth, v.execution` : sql``}
      from v join img on img.n = v.n
      order by v.n
    ), l as (
      insert into sys_operation_log (user_id, username, module, action, target_type, target_id, detail)
      select v.user_id, v.username, v.module, v.action, v.target_type, v.target_id, v.detail from v order by v.n
    )
    select * from u`.execute(trx);
  const out = new Map<string, Row>();
  for (const { _n, _after, ...row } of r.rows) out.set(String(row.id), row);
  for (const id of times.keys()) if (!out.has(id)) throw new Error(`记录 ${id} 已不存在`);
  return out;
}

const UNDER_APPROVAL = '__park_under_approval';

/**
 * Adds where-clauses for the caller's company scope, a filter and (for sub-tables) the parents,
 * and marks each row with whether it is under approval (the database's own test, the one its
 * form_event lock applies): `withoutLocked` takes such rows out and tells the actor.
 */
function selectRows(trx: Kysely<Database>, table: TableModel, actor: RecordActor, filter: Condition | null, parentIds?: readonly string[]) {
  let q = anyDb(trx).selectFrom(table.table).selectAll();
  const scope = companyScopeOf(actor.auth);
  if (scope) q = q.where('company_id', '=', scope);
  if (parentIds) q = q.where('parent_id', 'in', parentIds.length > 0 ? [...parentIds] : ['0']);
  if (filter) {
    const now = new Date();
    q = q.where((eb) => compileCondition(eb, filter, table.queryColumns, now));
  }
  const record = sql.ref(table.subKey ? 'parent_id' : 'id');
  return q.select(sql<boolean>`park_record_locked(${formIdOfTable(table.table)}::bigint, ${record}, null)`.as(UNDER_APPROVAL)).orderBy('id');
}

/** The rows an actor may write; the ones under approval are reported to it and left out. */
function withoutLocked<R extends Row>(table: TableModel, actor: RecordActor, rows: R[]): R[] {
  const kept: R[] = [];
  const locked: string[] = [];
  for (const row of rows) {
    const under = row[UNDER_APPROVAL] === true;
    delete row[UNDER_APPROVAL];
    if (under) locked.push(String(row.id));
    else kept.push(row);
  }
  if (locked.length > 0) actor.skipped?.(table, locked);
  return kept;
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
  const rows = withoutLocked(table, actor, await selectRows(trx, table, actor, filter, parentIds).forUpdate().execute());
  const out: Array<{ before: Row; after: Row }> = [];
  const wctx = writeContext(actor);
  const action = table.subKey ? `修改子表数据（${table.name}）` : '修改表单数据';
  for (const before of rows) {
    const row = prepareRow(table, changes(before), wctx, before);
    if (rows.length === 1 && fileIdsOf(table, before).size === 0 && fileIdsOf(table, row).size === 0) {
      out.push({ before, after: (await updateRowsInOneStatement(trx, model, table, [{ before, row, actor, action }])).get(String(before.id))! });
      return out;
    }
    out.push({ before, after: await updateRecord(trx, model, table, before, row, actor.auth, null) });
  }
  if (out.length > 0) await log(trx, actor, action, model.formId, out.map((r) => String(r.before.id)), out.map((r) => r.before));
  return out;
}

/**
 * Locks, in id order, every row any of `filters` matches, in one statement, and says which rows
 * each filter matched: for a writer that updates rows for many filters in one transaction
 * (an automation's group of executions). Locking them all first, in id order, means two such
 * writers cannot deadlock on them.
 */
export async function lockMatching(
  trx: Kysely<Database>,
  table: TableModel,
  actor: RecordActor,
  filters: Condition[],
): Promise<{ rows: Map<string, Row>; matches: string[][] }> {
  if (filters.length === 0) return { rows: new Map(), matches: [] };
  const now = new Date();
  const found = await selectRows(trx, table, actor, null)
    .where((eb) => eb.or(filters.map((f) => compileCondition(eb, f, table.queryColumns, now))))
    .select((eb) => filters.map((f, i) => eb.fn.coalesce(compileCondition(eb, f, table.queryColumns, now), sql<boolean>`false`).as(`_m${i}`)))
    .forUpdate()
    .execute();
  const rows = new Map<string, Row>();
  const matches: string[][] = filters.map(() => []);
  for (const r of withoutLocked(table, actor, found)) {
    const row: Row = {};
    for (const [k, v] of Object.entries(r)) if (!/^_m\d+$/.test(k)) row[k] = v;
    rows.set(String(r.id), row);
    filters.forEach((_, i) => r[`_m${i}`] && matches[i]!.push(String(r.id)));
  }
  return { rows, matches };
}

/**
 * Changes rows the caller has locked (lockMatching), in order, each change checked as an edit is and
 * computed from the row as the change before it left it (a row may be changed several times); the
 * events name their causes. One statement for all of them. Null, with nothing written, when a row
 * refers to files (their references are kept by the record store: the caller writes one by one).
 */
export async function updateLocked(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  rows: ReadonlyMap<string, Row>,
  changes: Array<{ id: string; change: (before: Row) => Record<string, unknown>; actor: RecordActor; cause: EventCause }>,
): Promise<Array<{ before: Row; after: Row }> | null> {
  const action = table.subKey ? `修改子表数据（${table.name}）` : '修改表单数据';
  const current = new Map(rows);
  const updates: RowUpdate[] = [];
  for (const c of changes) {
    const before = current.get(c.id)!;
    const row = prepareRow(table, c.change(before), writeContext(c.actor), before);
    if (fileIdsOf(table, before).size > 0 || fileIdsOf(table, row).size > 0) return null;
    updates.push({ before, row, actor: c.actor, action, cause: c.cause });
    current.set(c.id, { ...before, ...row });
  }
  const stored = await updateRowsInOneStatement(trx, model, table, updates);
  // The next change was computed from the values as sent; a row that stored them differently
  // (a number PostgreSQL normalised) is refused, and the caller writes one by one instead.
  for (const [id, row] of stored) {
    const sent = current.get(id)!;
    for (const key of table.dataColumns.map((c) => c.name)) {
      if (String(row[key] ?? '') !== String(sent[key] ?? '')) throw new Error(`记录 ${id} 的 ${key} 存储为 ${String(row[key])}，与计算值 ${String(sent[key])} 不同`);
    }
    current.set(id, row);
  }
  return updates.map((u, i) => {
    const id = String(u.before.id);
    const later = updates.slice(i + 1).some((x) => String(x.before.id) === id);
    return { before: u.before, after: later ? { ...u.before, ...u.row } : current.get(id)! };
  });
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
  const ids = withoutLocked(table, actor, await selectRows(trx, table, actor, filter, parentIds).forUpdate().execute()).map((r) => String(r.id));
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
  return withoutLocked(table, actor, await selectRows(db, table, actor, filter, parentIds).limit(limit).execute());
}
