import { CompiledQuery } from 'kysely';
import type { Engine } from '../query/dialects.ts';
import type { AnyDb } from '../query/plan.ts';

const BATCH = 5000;

/**
 * Every row of a compiled query in batches, without holding them all: a server-side cursor in a
 * read-only transaction on PostgreSQL, the driver's row stream on MySQL.
 */
export async function* rowBatches(engine: Engine, db: AnyDb, query: { sql: string; parameters: readonly unknown[] }): AsyncGenerator<Array<Record<string, unknown>>> {
  if (engine === 'mysql') {
    let batch: Array<Record<string, unknown>> = [];
    for await (const chunk of db.getExecutor().stream<Record<string, unknown>>(CompiledQuery.raw(query.sql, [...query.parameters]), BATCH)) {
      for (const row of chunk.rows) batch.push(row);
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  // One connection for the whole cursor; the transaction keeps the cursor open until the last fetch.
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  let committed = false;
  // finally, not catch: a consumer that stops early (a cap, a lost lease) ends the generator with return().
  try {
    await trx.executeQuery(CompiledQuery.raw(`declare report_export no scroll cursor for ${query.sql}`, [...query.parameters]));
    for (;;) {
      const r = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${BATCH} from report_export`));
      if (r.rows.length > 0) yield r.rows;
      if (r.rows.length < BATCH) break;
    }
    await trx.commit().execute();
    committed = true;
  } finally {
    if (!committed) await trx.rollback().execute().catch(() => undefined);
  }
}
