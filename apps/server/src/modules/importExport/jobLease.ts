import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, FormImportExportTable } from '../../db/schema.ts';

export type JobRow = Selectable<FormImportExportTable>;

/** Raised when another worker took the job over (our lease expired): stop without writing. */
export class LeaseLostError extends Error {
  constructor() {
    super('import/export lease lost');
  }
}

/**
 * The right to run one job, held by one worker at a time. Claiming sets `lease_until`; each
 * committed chunk renews it inside its own transaction, fenced on the owner, so a worker that
 * lost its lease can never commit; a heartbeat renews it between chunks too, so a long chunk or
 * a slow file does not look like a dead worker. A job whose lease expired (its worker crashed)
 * may be claimed again.
 */
export class JobLease {
  private timer: NodeJS.Timeout | null = null;
  lost = false;

  private constructor(
    private readonly db: Kysely<Database>,
    readonly jobId: string,
    readonly seconds: number,
    readonly owner: string = crypto.randomBytes(12).toString('hex'),
  ) {}

  /**
   * Claims a pending job, or a running one whose lease has expired; null when another worker
   * holds it or it has finished. `attempts` counts the runs started.
   */
  static async claim(db: Kysely<Database>, jobId: string, seconds: number): Promise<{ lease: JobLease; job: JobRow } | null> {
    const lease = new JobLease(db, jobId, seconds);
    const job = await db
      .updateTable('form_import_export')
      .set({
        state: 'running',
        attempts: sql`attempts + 1`,
        lease_owner: lease.owner,
        lease_until: sql`now() + make_interval(secs => ${seconds})`,
        update_time: sql`now()`,
      })
      .where('id', '=', jobId)
      .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)])]))
      .returningAll()
      .executeTakeFirst();
    if (!job) return null;
    lease.startHeartbeat();
    return { lease, job };
  }

  /** The lease a job thread writes under: the claiming thread's owner, renewed by its heartbeat. */
  static adopt(db: Kysely<Database>, jobId: string, seconds: number, owner: string): JobLease {
    const lease = new JobLease(db, jobId, seconds, owner);
    return lease;
  }

  /** The SET value that extends the lease; use it in the statements a chunk commits. */
  renewal() {
    return sql<Date>`now() + make_interval(secs => ${this.seconds})`;
  }

  private startHeartbeat() {
    const every = Math.max(1000, (this.seconds * 1000) / 3);
    this.timer = setInterval(() => {
      void this.renew().catch(() => undefined);
    }, every);
    this.timer.unref();
  }

  async renew(): Promise<void> {
    if (this.lost) throw new LeaseLostError();
    const r = await this.db
      .updateTable('form_import_export')
      .set({ lease_until: this.renewal() })
      .where('id', '=', this.jobId)
      .where('lease_owner', '=', this.owner)
      .where('state', '=', 'running')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      this.lost = true;
      throw new LeaseLostError();
    }
  }

  assertHeld(): void {
    if (this.lost) throw new LeaseLostError();
  }

  /** Stops the heartbeat; with `expire`, gives the job up at once so a retry may claim it. */
  async release(expire: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!expire || this.lost) return;
    await this.db
      .updateTable('form_import_export')
      .set({ lease_until: sql`now()` })
      .where('id', '=', this.jobId)
      .where('lease_owner', '=', this.owner)
      .where('state', '=', 'running')
      .execute()
      .catch(() => undefined);
  }
}
