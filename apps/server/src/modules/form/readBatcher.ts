import type { PreparedStatements } from '../../db/prepared.ts';
import { TurnBatcher } from '../../db/turnBatcher.ts';
import type { FormModel, TableModel } from './formModel.ts';
import type { Row } from './recordStore.ts';
import { scopeKey, scopeSql, type RecordScope } from './recordAccess.ts';

interface Waiting {
  id: string;
  resolve(row: Row | undefined): void;
  reject(err: unknown): void;
}

interface Target {
  model: FormModel;
  table: TableModel;
  scope: RecordScope;
}

/** More ids than this go out as several statements. */
const MAX_IDS = 500;
/** Reads by id are short; two in flight per table and scope keep PostgreSQL's two cores busy. */
const MAX_IN_FLIGHT = 2;

/**
 * Record reads by id (getformdatabyid, the detail and edit views) for the same table and record
 * scope share one statement, `id = any($1)`, sent as a named prepared statement (see TurnBatcher
 * for when a batch goes out). A read inside a transaction (update, delete) does not come here: it
 * must see its own transaction and may lock the row.
 */
export class ReadBatcher {
  /** Statements sent and the reads they answered: for tests and benchmarks. */
  readonly stats = { statements: 0, reads: 0 };
  private readonly batcher: TurnBatcher<Target, Waiting>;

  constructor(private readonly prepared: PreparedStatements) {
    this.batcher = new TurnBatcher<Target, Waiting>({
      isFull: (_, waiting) => waiting.length >= MAX_IDS,
      maxInFlight: MAX_IN_FLIGHT,
      send: (target, waiting) => this.run(target, waiting),
    });
  }

  /** The record, or undefined when it does not exist or lies outside `scope`. */
  read(model: FormModel, table: TableModel, id: string, scope: RecordScope): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.batcher.add(table, scopeKey(scope), () => ({ model, table, scope }), { id, resolve, reject });
    });
  }

  private async run({ model, table, scope }: Target, waiting: Waiting[]): Promise<void> {
    try {
      const ids = [...new Set(waiting.map((w) => w.id))];
      // The table name is whitelisted (it comes from the model); the design version in the text
      // gives a changed table a new statement rather than a plan with a stale result type.
      const where = scopeSql(scope, 2);
      const text = `/* ${table.table} design ${model.designVersion} */ select * from "${table.table}" where id = any($1::bigint[])${where.text}`;
      const rows = await this.prepared.query<Row>(text, [ids, ...where.params]);
      this.stats.statements += 1;
      this.stats.reads += waiting.length;
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      for (const w of waiting) w.resolve(byId.get(w.id));
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  }
}
