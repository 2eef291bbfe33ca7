import { sql, type SelectQueryBuilder } from 'kysely';
import type { AnyDb } from './plan.ts';

/**
 * When a report query may use PostgreSQL's parallel workers (ADR 0023). ADR 0022 took them away
 * from report sessions because the postmaster forks them at normal priority, so a dashboard's
 * queries could hold every core while form calls waited. A query that runs alone is another case:
 * no other report query running or waiting, and the rest of the API quiet (fewer than `maxRate`
 * requests a second over the last two seconds). Then nothing is there to yield to, and the workers
 * make it as fast as the same SQL by hand; the next busy moment (a dashboard, form traffic) puts
 * the following queries back on one reniced backend.
 */
export class SoloRule {
  private second = 0;
  private current = 0;
  private previous = 0;

  constructor(
    /** Workers a lone query gets (REPORT_SOLO_PARALLEL_WORKERS). */
    private readonly workers: number,
    /** What report sessions have anyway (REPORT_PARALLEL_WORKERS): a lone query asks only for more. */
    private readonly baseWorkers: number,
    private readonly maxRate: number,
  ) {}

  /** An API request that is not a report's (counted per second, the last two seconds kept). */
  noteRequest(now = Date.now()): void {
    this.roll(now);
    this.current += 1;
  }

  /** Parallel workers for a query about to run; 0 leaves the session's setting. */
  workersFor(otherReportWork: boolean, now = Date.now()): number {
    if (otherReportWork || this.workers <= this.baseWorkers) return 0;
    this.roll(now);
    // The last whole second and the one running, as a rate over two seconds.
    return (this.previous + this.current) / 2 < this.maxRate ? this.workers : 0;
  }

  private roll(now: number): void {
    const s = Math.floor(now / 1000);
    if (s === this.second) return;
    this.previous = s === this.second + 1 ? this.current : 0;
    this.current = 0;
    this.second = s;
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
