import { sql, type Kysely } from 'kysely';
import { formatDateTime, parseConditions, ConditionError, type Condition, type StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { compileCondition } from './queryCompiler.ts';
import { isUnscoped, scopeCondition, scopeKey, type RecordScope } from './recordAccess.ts';
import { boundedTotal, COUNT_CAP, countBound, dataStamp, listCountCache, listTotal, sharedCount, type ListTotal } from './list/listCount.ts';
import { gramLeavesOf, noteListed } from './list/likePlan.ts';
import { syncFileRefs } from './recordFiles.ts';
import type { auditRow } from '../../plugins/audit.ts';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<unknown> | Kysely<Database>) => db as unknown as AnyDb;

export type Row = Record<string, unknown>;

export async function writeEvent(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  op: 'insert' | 'update' | 'delete',
  recordId: string,
  before: Row | null,
  after: Row | null,
  actorId: string,
): Promise<void> {
  await trx
    .insertInto('form_event')
    .values({
      form_id: model.formId,
      sub_key: table.subKey,
      record_id: recordId,
      op,
      before: before ? JSON.stringify(before) : null,
      after: after ? JSON.stringify(after) : null,
      actor_id: actorId,
    })
    .execute();
}

/**
 * An insert of a record that references files, with its form event and operation-log row, in one
 * transaction: its file references need the new id and a permission check. Other single-record
 * inserts go through InsertBatcher.
 */
export async function insertRecordWithFiles(
  db: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  row: StoredRow,
  auth: AuthContext,
  audit: ReturnType<typeof auditRow>,
): Promise<Row> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertRecord(trx, model, table, row, auth);
    await trx.insertInto('sys_operation_log').values({ ...audit, target_id: String(inserted.id) }).execute();
    return inserted;
  });
}

export function systemValues(row: StoredRow, auth: AuthContext, table: TableModel, parentId: string | null): Row {
  const values: Row = {
    ...row,
    create_by: auth.userId,
    update_by: auth.userId,
    company_id: auth.user.companyId,
    org_id: auth.user.orgList[0]?.id ?? null,
  };
  if (table.subKey) values.parent_id = parentId;
  return values;
}

export async function insertRecord(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  row: StoredRow,
  auth: AuthContext,
  parentId: string | null = null,
): Promise<Row> {
  const values = systemValues(row, auth, table, parentId);
  const inserted = await anyDb(trx).insertInto(table.table).values(values).returningAll().executeTakeFirstOrThrow();
  await syncFileRefs(trx, { db: trx }, auth, model, table, String(inserted.id), null, inserted);
  await writeEvent(trx, model, table, 'insert', String(inserted.id), null, inserted, auth.userId);
  return inserted;
}

/** Reads one record within `scope` (404 otherwise), locking it when inside a write. */
export async function readRecord(
  db: Kysely<Database>,
  table: TableModel,
  id: string,
  scope: RecordScope,
  forUpdate = false,
): Promise<Row> {
  let q = anyDb(db).selectFrom(table.table).selectAll().where('id', '=', id);
  if (!isUnscoped(scope)) q = q.where((eb) => scopeCondition(eb, scope));
  const row = await (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function updateRecord(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  before: Row,
  row: StoredRow,
  auth: AuthContext,
  expectedVersion: number | null,
): Promise<Row> {
  if (expectedVersion !== null && Number(before.version) !== expectedVersion) {
    throw conflict('数据已被他人修改，请刷新后重试');
  }
  const after = await anyDb(trx)
    .updateTable(table.table)
    .set({ ...row, update_by: auth.userId, update_time: new Date(), version: sql`version + 1` })
    .where('id', '=', String(before.id))
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncFileRefs(trx, { db: trx }, auth, model, table, String(before.id), before, after);
  await writeEvent(trx, model, table, 'update', String(before.id), before, after, auth.userId);
  return after;
}

export async function deleteRecords(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  ids: string[],
  auth: AuthContext,
  scope: RecordScope,
): Promise<Row[]> {
  let q = anyDb(trx).deleteFrom(table.table).where('id', 'in', ids);
  if (!isUnscoped(scope)) q = q.where((eb) => scopeCondition(eb, scope));
  const deleted = await q.returningAll().execute();
  for (const row of deleted) {
    await syncFileRefs(trx, { db: trx }, auth, model, table, String(row.id), row, null);
    await writeEvent(trx, model, table, 'delete', String(row.id), row, null, auth.userId);
  }
  return deleted;
}

/** The distinct parents of some sub-table rows. */
export async function parentIdsOf(db: Kysely<Database>, table: TableModel, ids: string[]): Promise<string[]> {
  const rows = await anyDb(db).selectFrom(table.table).select('parent_id').distinct().where('id', 'in', ids).execute();
  return rows.map((r) => String(r.parent_id));
}

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  queryConditions?: unknown;
  sort?: unknown;
  parentId?: string;
}

export { COUNT_CAP } from './list/listCount.ts';

type SortSpec = { key: string; desc: boolean };

function parseSort(raw: unknown, table: TableModel): SortSpec[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length > 5) throw badRequest('排序字段过多');
  return items.map((item) => {
    const o = (typeof item === 'string' ? { key: item } : item) as Record<string, unknown>;
    const key = String(o.key ?? o.model ?? '');
    if (!table.queryColumns.has(key)) throw badRequest(`排序字段不存在: ${key.slice(0, 64)}`);
    const dir = String(o.sort ?? o.order ?? 'asc').toLowerCase();
    if (!['asc', 'desc', 'ascending', 'descending', ''].includes(dir)) throw badRequest(`排序方向不合法: ${dir.slice(0, 16)}`);
    return { key, desc: dir.startsWith('desc') };
  });
}

function parseConds(raw: unknown, table: TableModel): Condition | null {
  try {
    return parseConditions(raw, table.queryColumns);
  } catch (err) {
    if (err instanceof ConditionError) throw badRequest(err.message);
    throw err;
  }
}

/** Columns carrying the data stamp and the planner's estimate in a page's rows; removed before the rows leave. */
const STAMP = '__park_stamp';
const ESTIMATE = '__park_estimate';

export interface ListOptions {
  /**
   * The form whose table this is (its list page's calls): its search indexes decide how `$like`
   * is written, and its data stamp lets a total be reused (issue 16, modules/form/list/).
   */
  model?: FormModel;
  log?: { warn(obj: object, msg: string): void };
}

export async function listRecords(
  db: Kysely<Database>,
  table: TableModel,
  query: ListQuery,
  scope: RecordScope,
  options: ListOptions = {},
): Promise<{ rows: Row[] } & ListTotal> {
  const cond = parseConds(query.queryConditions, table);
  const sorts = parseSort(query.sort, table);
  const now = new Date();
  const unscoped = isUnscoped(scope);
  const { model } = options;
  if (model) noteListed(db, model, options.log);
  const offset = (query.pageNum - 1) * query.pageSize;
  const bound = countBound(offset + query.pageSize);
  // The page and the count may each be served differently (list/likePlan.ts).
  const [pageGrams, countGrams] = model
    ? await Promise.all([gramLeavesOf(db, model, cond, { page: offset + query.pageSize }), gramLeavesOf(db, model, cond, { count: bound })])
    : [undefined, undefined];
  const source: ListSource = { db, table, scope, unscoped, parentId: query.parentId, cond, now };
  const unfiltered = !cond && unscoped && !query.parentId;
  const cacheKey = `${table.table}|${JSON.stringify(cond)}|${scopeKey(scope)}|${query.parentId ?? ''}`;
  /*
   * Round trips, not the SQL, were most of a cheap list call's cost (issue 16), so what a total
   * needs comes with the page: the form's data stamp, by which a count is reused, and the planner's
   * estimate for an unfiltered list's first pages, both InitPlans of the page's statement, run once.
   * When no count of these conditions is known, the bounded count runs beside the page on a second
   * connection rather than after it. (Inside the page's statement it cost PostgreSQL 1.5–2× the CPU
   * of the same count on its own, measured in bench/listSearch.ts.) It carries its own stamp and is
   * used only when that equals the page's: a write between the two snapshots means counting again.
   */
  const estimateAlong = !!model && unfiltered && offset + query.pageSize <= COUNT_CAP;
  const countBeside = !!model && !estimateAlong && !listCountCache(db).knows(cacheKey, bound);
  let page = filteredRows(source, pageGrams).selectAll(table.table);
  if (model) page = page.select(stampOf(model.formId).as(STAMP));
  if (estimateAlong) page = page.select(sql<string>`(select reltuples::bigint from pg_class where oid = to_regclass(${table.table}))::text`.as(ESTIMATE));
  for (const s of sorts) page = page.orderBy(s.key, s.desc ? 'desc' : 'asc');
  if (sorts.length === 0) page = page.orderBy('create_time', 'desc');
  page = page.orderBy('id', 'desc').limit(query.pageSize).offset(offset);

  const [rows, beside] = await Promise.all([
    page.execute(),
    countBeside ? sharedCount(db, cacheKey, bound, () => countOf(source, countGrams, bound).select(stampOf(model!.formId).as(STAMP)).executeTakeFirstOrThrow()) : undefined,
  ]);
  let stamp: string | null = null;
  const first = rows[0];
  // Read before the helper columns are deleted from the rows below.
  const estimated = estimateAlong && first ? first[ESTIMATE] : undefined;
  if (model) {
    // An empty first page needs no total; an empty later page needs its stamp read on its own.
    if (first) stamp = String(first[STAMP] ?? '0');
    else if (offset > 0) stamp = await dataStamp(db, model.formId);
    for (const row of rows) {
      delete row[STAMP];
      delete row[ESTIMATE];
    }
  }
  // An empty first page carries no stamp, so its total (none) could not be kept and every call
  // of a search finding nothing counted again beside its page. The count carries its own stamp
  // and was taken in its own snapshot: keep it, so the next call knows a count exists.
  if (beside && stamp === null) listCountCache(db).set(cacheKey, String(beside[STAMP] ?? '0'), bound, boundedTotal(Number(beside.n), bound));
  const total = await listTotal(db, {
    table: table.table,
    offset,
    pageSize: query.pageSize,
    rows: rows.length,
    unfiltered,
    cached: stamp === null ? null : { stamp, key: cacheKey },
    counted: beside && String(beside[STAMP] ?? '0') === stamp ? Number(beside.n) : undefined,
    estimate: estimateAlong && first ? (numberOrUndefined(estimated) ?? null) : undefined,
    // After a write every caller's stamp moved at once: the first to count counts for all of them.
    // (Without a stamp a count begun before this call cannot be told from one after, so none is shared.)
    // Method shorthand, not a property arrow: see ListSource.
    count(limit) {
      const run = async () => Number((await countOf(source, countGrams, limit).executeTakeFirstOrThrow()).n);
      return stamp === null ? run() : sharedCount(db, `${cacheKey}@${stamp}`, limit, run);
    },
  });
  return { rows, ...total };
}

/**
 * What a list call's statements select from. Its helpers are module functions rather than
 * closures inside listRecords: the server runs under tsx, whose esbuild keepNames names every
 * closure bound to a name when it is created (a defineProperty, 0.3–0.7 µs each; ADR 0066).
 */
type GramLeaves = Awaited<ReturnType<typeof gramLeavesOf>> | undefined;

interface ListSource {
  db: Kysely<Database>;
  table: TableModel;
  scope: RecordScope;
  unscoped: boolean;
  parentId: ListQuery['parentId'];
  cond: Condition | null;
  now: Date;
}

function filteredRows({ db, table, scope, unscoped, parentId, cond, now }: ListSource, gramLeaves: GramLeaves) {
  let q = anyDb(db).selectFrom(table.table);
  if (!unscoped) q = q.where((eb) => scopeCondition(eb, scope));
  if (parentId) q = q.where('parent_id', '=', parentId);
  if (cond) q = q.where((eb) => compileCondition(eb, cond, table.queryColumns, now, { gramLeaves }));
  return q;
}

/** Matches, stopping after `limit + 1`: a subquery of the page's statement, or a statement of its own. */
function countOf(source: ListSource, gramLeaves: GramLeaves, limit: number) {
  return anyDb(source.db)
    .selectFrom(filteredRows(source, gramLeaves).select(sql<number>`1`.as('one')).limit(limit + 1).as('c'))
    .select((eb) => eb.fn.countAll<string>().as('n'));
}

function stampOf(formId: string) {
  return sql<string>`(select max(e.id) from form_event e where e.form_id = ${formId})::text`;
}

function numberOrUndefined(v: unknown): number | undefined {
  return v === undefined || v === null ? undefined : Number(v);
}

/** How presentRow shows a column: the record's own ids and counters as numbers, numeric fields as numbers when exact. */
const ID_COLUMN = 1;
const NUMERIC_COLUMN = 2;
const ID_COLUMNS = ['id', 'parent_id', 'create_by', 'update_by', 'company_id', 'org_id', 'version'];
const PRESENTERS = new WeakMap<TableModel, Map<string, typeof ID_COLUMN | typeof NUMERIC_COLUMN>>();

function presentersOf(table: TableModel): Map<string, typeof ID_COLUMN | typeof NUMERIC_COLUMN> {
  let map = PRESENTERS.get(table);
  if (!map) {
    map = new Map();
    for (const c of table.dataColumns) if (c.sqlType === 'numeric') map.set(c.name, NUMERIC_COLUMN);
    for (const c of ID_COLUMNS) map.set(c, ID_COLUMN);
    PRESENTERS.set(table, map);
  }
  return map;
}

/** A numeric field as a number when a double holds it exactly, otherwise its text. */
function numericValue(v: string): number | string {
  const n = Number(v);
  return Number.isSafeInteger(n) || (Number.isFinite(n) && v.replace(/^-|\.|^0+/g, '').length <= 15) ? n : v;
}

/**
 * A stored row as the client reads it: ids as numbers, times as yyyy-MM-dd HH:mm:ss text. Every
 * record read and list row passes here, so the columns' kinds are worked out once per table.
 */
export function presentRow(row: Row, table: TableModel): Row {
  const kinds = presentersOf(table);
  const out: Row = {};
  for (const k in row) {
    const v = row[k];
    if (v === null || v === undefined) out[k] = v;
    else if (v instanceof Date) out[k] = formatDateTime(v);
    else {
      const kind = kinds.get(k);
      out[k] = kind === ID_COLUMN ? Number(v) : kind === NUMERIC_COLUMN && typeof v === 'string' ? numericValue(v) : v;
    }
  }
  return out;
}
