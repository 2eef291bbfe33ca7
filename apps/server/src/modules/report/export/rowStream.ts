import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { DatasetPlan } from '../query/plan.ts';

const BATCH = 5000;

/**
 * Every row of a query in batches, without holding them all: a server-side cursor in a read-only
 * transaction on PostgreSQL, the driver's row stream on MySQL.
 */
export async function* rowBatches(
  plan: DatasetPlan,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a runtime table
  builder: SelectQueryBuilder<any, any, any>,
): AsyncGenerator<Array<Record<string, unknown>>> {
  if (plan.engine === 'mysql') {
    let batch: Array<Record<string, unknown>> = [];
    for await (const row of builder.stream(BATCH)) {
      batch.push(row as Record<string, unknown>);
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  const query = builder.compile();
  // One connection for the whole cursor; the transaction keeps the cursor open until the last fetch.
  const trx = await plan.db.startTransaction().setAccessMode('read only').execute();
  try {
    await trx.executeQuery(CompiledQuery.raw(`declare report_export no scroll cursor for ${query.sql}`, [...query.parameters]));
    for (;;) {
      const r = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${BATCH} from report_export`));
      if (r.rows.length > 0) yield r.rows;
      if (r.rows.length < BATCH) break;
    }
    await trx.commit().execute();
  } catch (err) {
    await trx.rollback().execute().catch(() => undefined);
    throw err;
  }
}
