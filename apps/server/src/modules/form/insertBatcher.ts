import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { auditRow } from '../../plugins/audit.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { fileIdsOf } from './recordFiles.ts';
import { insertRecordLogged, systemValues, type Row } from './recordStore.ts';

type AuditValues = ReturnType<typeof auditRow>;

interface Pending {
  row: StoredRow;
  auth: AuthContext;
  audit: AuditValues;
  resolve(row: Row): void;
  reject(err: unknown): void;
}

interface Batch {
  db: Kysely<Database>;
  model: FormModel;
  table: TableModel;
  items: Pending[];
  params: number;
}

/** More rows than this in one turn go out as several statements: keeps the statement and its parameters small. */
export const MAX_BATCH = 64;
/** PostgreSQL takes at most 65,535 parameters per statement; a very wide form flushes earlier. */
const MAX_PARAMS = 30_000;
/** Parameters a row adds besides its own fields: system columns, its id ordinal and its log row. */
const PARAMS_PER_ROW = 20;

/**
 * Single-record inserts that arrive in the same event-loop turn are written by one statement.
 *
 * On this 2-core box the API's insert rate is bound by server CPU, and a large share of that is
 * the round trip to PostgreSQL; one statement carrying n rows, their form events and their
 * operation-log rows costs about one round trip instead of n. A lone request still goes out at
 * once: the batch is flushed on setImmediate, i.e. right after the I/O callbacks of the current
 * turn, never on a timer. Batches are per table model (so per form and design version, never
 * mixed) and per database handle. Each caller gets exactly what insertRecordLogged would give it:
 * its own row, event and log row with its own user, ip and company; if the batch statement fails,
 * its rows are retried one by one so only the bad row fails, with its own error.
 */
export class InsertBatcher {
  private readonly pending = new Map<Kysely<Database>, Map<TableModel, Batch>>();
  /** Multi-row statements written, the rows they carried and batches retried row by row: for tests and benchmarks. */
  readonly stats = { statements: 0, rows: 0, retried: 0 };

  insert(db: Kysely<Database>, model: FormModel, table: TableModel, row: StoredRow, auth: AuthContext, audit: AuditValues): Promise<Row> {
    // References to files need the new id, a permission check and a transaction: that path stays as it was.
    if (fileIdsOf(table, row).size > 0) return insertRecordLogged(db, model, table, row, auth, audit);
    return new Promise<Row>((resolve, reject) => {
      let byTable = this.pending.get(db);
      if (!byTable) this.pending.set(db, (byTable = new Map()));
      let batch = byTable.get(table);
      if (!batch) {
        batch = { db, model, table, items: [], params: 0 };
        byTable.set(table, batch);
        const scheduled = batch;
        setImmediate(() => this.flush(scheduled));
      }
      batch.items.push({ row, auth, audit, resolve, reject });
      batch.params += Object.keys(row).length + PARAMS_PER_ROW;
      if (batch.items.length >= MAX_BATCH || batch.params >= MAX_PARAMS) this.flush(batch);
    });
  }

  private flush(batch: Batch): void {
    const byTable = this.pending.get(batch.db);
    if (byTable?.get(batch.table) !== batch) return; // already flushed when it filled up
    byTable.delete(batch.table);
    if (byTable.size === 0) this.pending.delete(batch.db);
    void this.write(batch);
  }

  private async write({ db, model, table, items }: Batch): Promise<void> {
    if (items.length > 1) {
      try {
        const rows = await insertMany(db, model, table, items);
        this.stats.statements += 1;
        this.stats.rows += items.length;
        items.forEach((item, i) => item.resolve(rows[i]!));
        return;
      } catch {
        // Some row is bad (a constraint, a value out of range…): each row alone gets its own answer.
        this.stats.retried += 1;
      }
    }
    await Promise.all(
      items.map((item) =>
        insertRecordLogged(db, model, table, item.row, item.auth, item.audit).then(item.resolve, item.reject),
      ),
    );
  }
}

/**
 * insertRecordLogged's statement for n rows. Each row's log entry must name that row's id, so the
 * rows are correlated by ordinal, not by the order of RETURNING (which PostgreSQL does not promise):
 * `ids` draws n ids from the table's identity sequence once (a CTE with a volatile function is
 * materialised and evaluated once), row k is inserted with id k (OVERRIDING SYSTEM VALUE, the
 * column being GENERATED ALWAYS) and its log row targets id k; the caller's row is found by the
 * ordinal joined back onto RETURNING. Rows' events are written from RETURNING like the single path
 * (actor = create_by, which is the caller's user id).
 */
async function insertMany(db: Kysely<Database>, model: FormModel, table: TableModel, items: Pending[]): Promise<Row[]> {
  // As in Kysely's single-row values(): an undefined field is left to its column default.
  const values = items.map((item) => systemValues(item.row, item.auth, table, null));
  const columns = [...new Set(values.flatMap((v) => Object.keys(v).filter((c) => v[c] !== undefined)))];
  const idOf = (k: number) => sql`(select id from ids where ord = ${k})`;
  const rowSql = (v: Row, k: number): RawBuilder<unknown> =>
    sql`(${sql.join([idOf(k), ...columns.map((c) => (v[c] !== undefined ? sql`${v[c]}` : sql`default`))])})`;
  const logSql = ({ audit: a }: Pending, k: number): RawBuilder<unknown> =>
    sql`(${a.user_id}, ${a.username}, ${a.module}, ${a.action}, ${a.target_type}, ${idOf(k)}::text, ${a.detail}::jsonb, ${a.ip}, ${a.result}, ${a.err_msg})`;
  // The identifier is whitelisted; quoted because sub-table keys may carry capitals.
  const sequence = `"${table.table}"`;
  const q = sql<Row & { 'ord?': number }>`
    with ids as materialized (
      select g as ord, nextval(s.seq) as id
      from (select pg_get_serial_sequence(${sequence}, 'id') as seq) s, generate_series(1, ${items.length}::int) g
    ), ins as (
      insert into ${sql.table(table.table)} (id, ${sql.join(columns.map((c) => sql.ref(c)))}) overriding system value
      values ${sql.join(values.map((v, i) => rowSql(v, i + 1)))}
      returning *
    ), ev as (
      insert into form_event (form_id, sub_key, record_id, op, after, actor_id)
      select ${model.formId}::bigint, ${table.subKey}, ins.id, 'insert', to_jsonb(ins.*), ins.create_by from ins
    ), au as (
      insert into sys_operation_log (user_id, username, module, action, target_type, target_id, detail, ip, result, err_msg)
      values ${sql.join(items.map((item, i) => logSql(item, i + 1)))}
    )
    select ins.*, ids.ord as "ord?" from ins join ids on ids.id = ins.id`;
  const result = await q.execute(db);
  const byOrd = new Map<number, Row>();
  for (const { 'ord?': ord, ...row } of result.rows) byOrd.set(Number(ord), row);
  if (byOrd.size !== items.length) throw new Error(`批量写入返回 ${byOrd.size} 行，应为 ${items.length} 行`);
  return items.map((_, i) => byOrd.get(i + 1)!);
}
