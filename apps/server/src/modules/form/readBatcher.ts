import type { PreparedStatements } from '../../db/prepared.ts';
import type { FormModel, TableModel } from './formModel.ts';
import type { Row } from './recordStore.ts';

interface Waiting {
  id: string;
  resolve(row: Row | undefined): void;
  reject(err: unknown): void;
}

interface Batch {
  model: FormModel;
  table: TableModel;
  scope: string | null;
  waiting: Waiting[];
}

/** More ids than this in one turn go out as several statements. */
const MAX_IDS = 500;

/**
 * Record reads by id (getformdatabyid, the detail and edit views) that arrive in the same
 * event-loop turn for the same table and company scope are answered by one statement,
 * `id = any($1)`, sent as a named prepared statement. As with InsertBatcher, each round trip costs
 * both processes a wake-up on this 2-core box, and planning costs PostgreSQL more than the read
 * itself; a lone read still goes out at once (flushed on setImmediate, never on a timer).
 * A read inside a transaction (update, delete) does not come here: it must see its own
 * transaction and may lock the row.
 */
export class ReadBatcher {
  private readonly pending = new Map<TableModel, Map<string | null, Batch>>();
  /** Statements sent and the reads they answered: for tests and benchmarks. */
  readonly stats = { statements: 0, reads: 0 };

  constructor(private readonly prepared: PreparedStatements) {}

  /** The record, or undefined when it does not exist or lies outside `scope` (a company id). */
  read(model: FormModel, table: TableModel, id: string, scope: string | null): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      let byScope = this.pending.get(table);
      if (!byScope) this.pending.set(table, (byScope = new Map()));
      let batch = byScope.get(scope);
      if (!batch) {
        batch = { model, table, scope, waiting: [] };
        byScope.set(scope, batch);
        const scheduled = batch;
        setImmediate(() => this.flush(scheduled));
      }
      batch.waiting.push({ id, resolve, reject });
      if (batch.waiting.length >= MAX_IDS) this.flush(batch);
    });
  }

  private flush(batch: Batch): void {
    const byScope = this.pending.get(batch.table);
    if (byScope?.get(batch.scope) !== batch) return; // already flushed when it filled up
    byScope.delete(batch.scope);
    if (byScope.size === 0) this.pending.delete(batch.table);
    void this.run(batch);
  }

  private async run({ model, table, scope, waiting }: Batch): Promise<void> {
    try {
      const ids = [...new Set(waiting.map((w) => w.id))];
      // The table name is whitelisted (it comes from the model); the design version in the text
      // gives a changed table a new statement rather than a plan with a stale result type.
      const text = `/* ${table.table} design ${model.designVersion} */ select * from "${table.table}" where id = any($1::bigint[])${
        scope === null ? '' : ' and company_id = $2::bigint'
      }`;
      const rows = await this.prepared.query<Row>(text, scope === null ? [ids] : [ids, scope]);
      this.stats.statements += 1;
      this.stats.reads += waiting.length;
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      for (const w of waiting) w.resolve(byId.get(w.id));
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  }
}
