import type { Kysely } from 'kysely';
import type { StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { PreparedStatements } from '../../db/prepared.ts';
import type { AuthContext } from '../auth/index.ts';
import type { auditRow } from '../../plugins/audit.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { fileIdsOf } from './recordFiles.ts';
import { TurnBatcher } from '../../db/turnBatcher.ts';
import { insertRecordWithFiles, systemValues, type Row } from './recordStore.ts';

type AuditValues = ReturnType<typeof auditRow>;

interface Pending {
  values: Row;
  audit: AuditValues;
  resolve(row: Row): void;
  reject(err: unknown): void;
}

interface Target {
  model: FormModel;
  table: TableModel;
  columns: string[];
}

/** More rows than this in one turn go out as several statements: keeps a statement and its parameters small. */
export const MAX_BATCH = 64;
/** PostgreSQL takes at most 65,535 parameters per statement; a very wide form flushes earlier. */
const MAX_PARAMS = 30_000;
/** Parameters a row adds besides its own columns: its id and its log row. */
const PARAMS_PER_ROW = 11;
/**
 * Statements for up to this many rows are prepared (one per size, table, design and column set);
 * larger batches, seen only under heavy load, are planned per call so a connection does not hold
 * dozens of large plans per form.
 */
const MAX_PREPARED_ROWS = 16;
/** Statements in flight per table and column set before new rows wait to share the next one (1 and 2 measured alike; 2 overlaps one commit with the next). */
const MAX_IN_FLIGHT = 2;
/** Ids drawn from a table's identity sequence at a time. */
const ID_BLOCK = 64;

/**
 * Single-record inserts (addformdata) that arrive together for the same table share one statement
 * (see TurnBatcher for when a batch goes out): the records, their form events and their
 * operation-log rows. On this 2-core box the API's insert rate is bound by CPU: each round trip
 * to PostgreSQL costs both processes a wake-up, and parsing and planning the statement costs
 * PostgreSQL more than writing the rows (bench/forms.ts). So statements are shared, and they are
 * named prepared statements.
 *
 * Ids are drawn from the table's identity sequence in blocks ahead of time, so each log row can
 * name its record by a plain parameter and the statement text depends only on the table, its
 * design version, the columns given and the number of rows. Rows giving different columns (a
 * column left out keeps its default) go in different statements. Each caller gets exactly its own
 * row, event and log row with its own user, IP and company; if a statement fails, its rows are
 * retried one by one, so only the bad row fails, with the error it would get alone.
 */
export class InsertBatcher {
  private readonly ids: IdBlocks;
  private readonly batcher: TurnBatcher<Target, Pending>;
  /** Statements written, the rows they carried and batches retried row by row: for tests and benchmarks. */
  readonly stats = { statements: 0, rows: 0, retried: 0 };

  constructor(private readonly prepared: PreparedStatements) {
    this.ids = new IdBlocks(prepared);
    this.batcher = new TurnBatcher<Target, Pending>({
      isFull: ({ columns }, items) => items.length >= MAX_BATCH || items.length * (columns.length + PARAMS_PER_ROW) >= MAX_PARAMS,
      maxInFlight: MAX_IN_FLIGHT,
      send: (target, items) => this.write(target, items),
    });
  }

  /** Resolves to the new record's id (the whole row only on the files path). */
  insert(db: Kysely<Database>, model: FormModel, table: TableModel, row: StoredRow, auth: AuthContext, audit: AuditValues): Promise<Row> {
    // References to files need the new id, a permission check and a transaction: that path stays apart.
    if (fileIdsOf(table, row).size > 0) return insertRecordWithFiles(db, model, table, row, auth, audit);
    const values = systemValues(row, auth, table, null);
    for (const k in values) if (values[k] === undefined) delete values[k];
    const columns = Object.keys(values).sort();
    return new Promise<Row>((resolve, reject) => {
      this.batcher.add(table, columns.join(','), () => ({ model, table, columns }), { values, audit, resolve, reject });
    });
  }

  private async write(target: Target, items: Pending[]): Promise<void> {
    try {
      const rows = await this.insertMany(target, items);
      this.stats.statements += 1;
      this.stats.rows += items.length;
      items.forEach((item, i) => item.resolve(rows[i]!));
      return;
    } catch (err) {
      if (items.length === 1) return items[0]!.reject(err);
      // Some row is bad (a constraint, a value out of range…): each row alone gets its own answer.
      this.stats.retried += 1;
    }
    await Promise.all(
      items.map((item) =>
        this.insertMany(target, [item]).then((rows) => {
          this.stats.statements += 1;
          this.stats.rows += 1;
          item.resolve(rows[0]!);
        }, item.reject),
      ),
    );
  }

  private async insertMany({ model, table, columns }: Target, items: Pending[]): Promise<Row[]> {
    const ids = await this.ids.take(table.table, items.length);
    const { text, values } = insertStatement(model, table, columns, items, ids);
    const rows = await this.prepared.query<Row>(text, values, items.length <= MAX_PREPARED_ROWS);
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new Error(`批量写入未返回记录 ${id}`);
      return row;
    });
  }
}

/**
 * Ids drawn ahead from each table's identity sequence. One instance hands them out in arrival
 * order; ids are unique across instances but, as with any sequence cache, not ordered across them.
 */
class IdBlocks {
  private readonly blocks = new Map<string, { next: bigint; end: bigint }>();
  private readonly refills = new Map<string, Promise<void>>();

  constructor(private readonly prepared: PreparedStatements) {}

  async take(table: string, n: number): Promise<string[]> {
    const out: string[] = [];
    while (out.length < n) {
      const block = this.blocks.get(table);
      if (block && block.next < block.end) {
        out.push(String(block.next));
        block.next += 1n;
        continue;
      }
      await this.refill(table, n - out.length);
    }
    return out;
  }

  private refill(table: string, atLeast: number): Promise<void> {
    let running = this.refills.get(table);
    if (!running) {
      running = this.draw(table, Math.max(ID_BLOCK, atLeast)).finally(() => this.refills.delete(table));
      this.refills.set(table, running);
    }
    return running;
  }

  /* The identity sequence caches 1, so nextval over a series gives consecutive values unless another
     instance draws at the same moment; each id is kept as its own range entry only if not consecutive. */
  private async draw(table: string, count: number): Promise<void> {
    const rows = await this.prepared.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence($1, 'id'))::text as id from generate_series(1, $2::int)`,
      [ident(table), count],
    );
    const ids = rows.map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const first = ids[0]!;
    if (ids[ids.length - 1]! - first === BigInt(ids.length - 1)) {
      this.blocks.set(table, { next: first, end: first + BigInt(ids.length) });
    } else {
      // Interleaved with another instance: keep only the leading consecutive run, the rest are gaps.
      let end = first + 1n;
      while (ids.includes(end)) end += 1n;
      this.blocks.set(table, { next: first, end });
    }
  }
}

/*
 * Identifiers come from the table model (whitelisted when the design was saved) and from the
 * sorted keys of systemValues, which keeps only the model's own data columns and system columns.
 */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const LOG_COLUMNS = ['user_id', 'username', 'module', 'action', 'target_type', 'detail', 'ip', 'result', 'err_msg'] as const;

/* Texts per table model (so per design version), column set and row count: building one costs more than the rest of the call. */
const TEXTS = new WeakMap<TableModel, Map<string, string>>();

function insertStatement(model: FormModel, table: TableModel, columns: string[], items: Pending[], ids: string[]) {
  const values: unknown[] = [model.formId, table.subKey];
  items.forEach((item, i) => {
    values.push(ids[i]);
    for (const c of columns) values.push(item.values[c] ?? null);
  });
  items.forEach(({ audit }, i) => {
    values.push(ids[i]);
    for (const c of LOG_COLUMNS) values.push(audit[c] ?? null);
  });
  let texts = TEXTS.get(table);
  if (!texts) TEXTS.set(table, (texts = new Map()));
  const key = `${items.length}:${columns.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = insertText(model, table, columns, items.length)));
  return { text, values };
}

function insertText(model: FormModel, table: TableModel, columns: string[], n: number): string {
  let next = 2;
  const param = () => `$${++next}`;
  const t = ident(table.table);
  const rows = Array.from({ length: n }, () => `(${[param(), ...columns.map(() => param())].join(', ')})`);
  const logs = Array.from({ length: n }, () => `(${[param(), ...LOG_COLUMNS.map((c) => (c === 'detail' ? `${param()}::jsonb` : param()))].join(', ')})`);
  return `/* ${table.table} design ${model.designVersion} */
    with ins as (
      insert into ${t} (id, ${columns.map(ident).join(', ')}) overriding system value
      values ${rows.join(', ')}
      returning *
    ), ev as (
      insert into form_event (form_id, sub_key, record_id, op, after, actor_id)
      select $1::bigint, $2::text, ins.id, 'insert', to_jsonb(ins.*), ins.create_by from ins
    ), au as (
      insert into sys_operation_log (target_id, ${LOG_COLUMNS.join(', ')})
      values ${logs.join(', ')}
    )
    select id from ins`;
}
