import type { AnyDb } from './plan.ts';

/**
 * When a report query may use PostgreSQL's parallel workers (ADR 0023). ADR 0022 took them away
 * from report sessions because the postmaster forks them at normal priority, so a dashboard's
 * queries could hold every core while form calls waited. A query that runs alone is another case:
 * no other report work (running, waiting, or a batch of widgets being answered), and no other API
 * request for `quietMs`. Then nothing is there to yield to: it runs on a connection of its own with
 * parallel workers and at normal priority, as fast as the same SQL by hand; the next busy moment (a dashboard, steady form traffic) puts the following
 * queries back on one reniced backend.
 */
export class SoloRule {
  private lastOther = -Infinity;

  constructor(
    /** The connection a lone query runs on (ReportConnections.solo: parallel workers, normal priority); null: never. */
    private readonly db: AnyDb | null,
    /** REPORT_SOLO_QUIET_MS: how long the rest of the API must have been silent. */
    private readonly quietMs: number,
  ) {}

  /** An API request that is not a report's has started. */
  noteRequest(now = performance.now()): void {
    this.lastOther = now;
  }

  /** Where a platform query about to run goes when it runs alone; null: the report pool as usual. */
  dbFor(otherReportWork: boolean, now = performance.now()): AnyDb | null {
    if (otherReportWork || this.db === null) return null;
    return now - this.lastOther >= this.quietMs ? this.db : null;
  }
}
