import { sql, type SelectQueryBuilder } from 'kysely';
import type { AnyDb } from './plan.ts';

/**
 * When a report query may use PostgreSQL's parallel workers (ADR 0023). ADR 0022 took them away
 * from report sessions because the postmaster forks them at normal priority, so a dashboard's
 * queries could hold every core while form calls waited. A query that runs alone is another case:
 * no other report work (running, waiting, or a batch of widgets being answered), and no other API
 * request for `quietMs`. Then nothing is there to yield to, and the workers make it as fast as the
 * same SQL by hand; the next busy moment (a dashboard, steady form traffic) puts the following
 * queries back on one reniced backend.
 */
export class SoloRule {
  private lastOther = -Infinity;

  constructor(
    /** Workers a lone query gets (REPORT_SOLO_PARALLEL_WORKERS). */
    private readonly workers: number,
    /** What report sessions have anyway (REPORT_PARALLEL_WORKERS): a lone query asks only for more. */
    private readonly baseWorkers: number,
    /** REPORT_SOLO_QUIET_MS: how long the rest of the API must have been silent. */
    private readonly quietMs: number,
  ) {}

  /** An API request that is not a report's has started. */
  noteRequest(now = performance.now()): void {
    this.lastOther = now;
  }

  /** Parallel workers for a query about to run; 0 leaves the session's setting. */
  workersFor(otherReportWork: boolean, now = performance.now()): number {
    if (otherReportWork || this.workers <= this.baseWorkers) return 0;
    return now - this.lastOther >= this.quietMs ? this.workers : 0;
  }
}

/** Runs a platform query with `workers` parallel workers for its own transaction only (SET LOCAL). */
export async function withParallelWorkers(
  db: AnyDb,
  workers: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a runtime table
  query: SelectQueryBuilder<any, any, any>,
): Promise<Array<Record<string, unknown>>> {
  return db.transaction().execute(async (trx) => {
    await sql.raw(`set local max_parallel_workers_per_gather = ${Math.trunc(workers)}`).execute(trx);
    return (await trx.executeQuery<Record<string, unknown>>(query.compile())).rows;
  });
}
