import { CompiledQuery, sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { createFileStorage, uploadTempDir } from '../file/storage.ts';
import { runExport, type JobDeps } from './exportJob.ts';
import { importExportConfig, type ImportExportConfig } from './ieConfig.ts';
import { runImport } from './importJob.ts';
import { JobFailure } from './jobCommon.ts';
import { JobLease, LeaseLostError, type JobRow } from './jobLease.ts';
import { EXPORT, findJob, finishJob, IMPORT, type JobKind } from './repo.ts';
import { XlsxRefusedError } from './xlsxGuard.ts';

export const EXPORT_QUEUE = 'form-export';
export const IMPORT_QUEUE = 'form-import';
const SWEEP_QUEUE = 'form-import-export-sweep';

const queueOf = (kind: number) => (kind === EXPORT ? EXPORT_QUEUE : IMPORT_QUEUE);
const DEFAULT_FAILURE: Record<JobKind, string> = { [EXPORT]: 'Excel导出失败', [IMPORT]: 'Excel导入失败' };

interface JobData {
  jobId: string;
}

/* pg-boss retries a job whose handler threw; the lease decides whether a retry may run it. */
const SEND_OPTIONS = { retryLimit: 3, retryDelay: 10, expireInSeconds: 4 * 3600 } as const;

/** pg-boss's executor over a Kysely transaction: the job is enqueued only if the caller commits. */
function inTransaction(trx: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] }),
  };
}

/** The queue an app instance sends to; set by startJobs (jobs/boss.ts). */
export type JobSender = Pick<PgBoss, 'send'>;

/** Enqueues a job's run inside the transaction that created its row (DESIGN §2: never lost). */
export async function enqueueJob(ctx: AppContext, trx: Kysely<Database>, job: Pick<JobRow, 'id' | 'kind'>): Promise<void> {
  if (!ctx.jobs) throw new AppError(503, '后台任务服务未启动，请稍后重试');
  const data: JobData = { jobId: job.id };
  await ctx.jobs.send(queueOf(job.kind), data, { ...SEND_OPTIONS, db: inTransaction(trx) });
}

/** Whether an error is the user's to read (the job fails with it) rather than a fault to retry. */
function userFacing(err: unknown): string | null {
  if (err instanceof JobFailure || err instanceof XlsxRefusedError) return err.message;
  if (err instanceof AppError && err.statusCode < 500) return err.message;
  return null;
}

export class ImportExportWorker {
  readonly deps: JobDeps;

  constructor(
    private readonly ctx: AppContext,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    config: ImportExportConfig = importExportConfig(),
  ) {
    const storage = createFileStorage(ctx.config);
    this.deps = { ctx, storage, tempDir: uploadTempDir(ctx.config), config };
  }

  /**
   * Runs one job if this worker can claim it. `lastTry` is pg-boss's final retry: a fault then
   * fails the job cleanly instead of leaving it running.
   */
  async run(jobId: string, lastTry = true): Promise<'ran' | 'busy' | 'finished'> {
    const { ctx } = this;
    const claimed = await JobLease.claim(ctx.db, jobId, this.deps.config.leaseSeconds);
    if (!claimed) {
      const job = await findJob(ctx.db, jobId);
      return job && (job.state === 'running' || job.state === 'pending') ? 'busy' : 'finished';
    }
    const { lease, job } = claimed;
    const kind = job.kind as JobKind;
    const __fs = await import('node:fs');
    const __t0 = performance.now();
    const __mem = setInterval(() => { const m = process.memoryUsage(); __fs.appendFileSync('/tmp/iebench/timing.log', `MEM ${kind} t=${((performance.now()-__t0)/1000).toFixed(1)} rss=${(m.rss/1e6).toFixed(0)} heap=${(m.heapUsed/1e6).toFixed(0)}/${(m.heapTotal/1e6).toFixed(0)} ext=${(m.external/1e6).toFixed(0)} ab=${(m.arrayBuffers/1e6).toFixed(0)}\n`); }, 1000);
    try {
      if (job.attempts > this.deps.config.maxAttempts) {
        await finishJob(ctx.db, job, lease, { state: 'failed', reason: `${DEFAULT_FAILURE[kind]}：任务多次中断，已停止` });
        return 'ran';
      }
      if (kind === EXPORT) await runExport(this.deps, job, lease);
      else await runImport(this.deps, job, lease);
      return 'ran';
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.logger.warn({ jobId }, '导入导出任务已由其他进程接管');
        return 'ran';
      }
      const message = userFacing(err);
      if (message !== null || lastTry) {
        if (message === null) this.logger.error({ jobId, err }, '导入导出任务失败');
        await finishJob(ctx.db, job, lease, { state: 'failed', reason: message ?? DEFAULT_FAILURE[kind] });
        return 'ran';
      }
      this.logger.error({ jobId, err }, '导入导出任务出错，将重试');
      await lease.release(true);
      throw err;
    } finally {
      clearInterval(__mem);
      __fs.appendFileSync('/tmp/iebench/timing.log', `DONE ${kind} ${((performance.now()-__t0)/1000).toFixed(1)}s\n`);
      await lease.release(false);
    }
  }

  /**
   * Jobs left running by a worker that stopped (crash, SIGKILL, lost machine) are sent again, to
   * run when their lease expires: an import resumes from its cursor, an export starts over. At
   * start-up (`atStart`) that includes leases still live, which may be this machine's previous
   * process; the minute sweep takes only expired ones. Pending jobs older than a minute are sent
   * again too, in case their queue row was lost. A duplicate run is harmless: it cannot claim.
   */
  async sweep(boss: Pick<PgBoss, 'send'>, atStart = false): Promise<number> {
    const rows = await this.ctx.db
      .selectFrom('form_import_export')
      .select(['id', 'kind', 'state', 'lease_until'])
      .where((eb) =>
        eb.or([
          atStart
            ? eb('state', '=', 'running')
            : eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
          eb.and([eb('state', '=', 'pending'), eb('create_time', '<', sql<Date>`now() - interval '1 minute'`)]),
        ]),
      )
      .limit(1000)
      .execute();
    for (const r of rows) {
      const startAfter = r.lease_until && r.lease_until.getTime() > Date.now() ? new Date(r.lease_until.getTime() + 1000) : undefined;
      await boss.send(queueOf(r.kind), { jobId: r.id } satisfies JobData, { ...SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) });
    }
    return rows.length;
  }
}

/** Queues, workers and the resume sweep (at start and every minute); called by jobs/boss.ts. */
export async function registerImportExport(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<ImportExportWorker> {
  const worker = new ImportExportWorker(ctx, logger);
  for (const queue of [EXPORT_QUEUE, IMPORT_QUEUE]) {
    await boss.createQueue(queue);
    // One job at a time per queue and instance keeps a large import's memory and CPU bounded.
    await boss.work<JobData>(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      // 'busy': another worker holds the lease; if it dies, the sweep sends the job again.
      await worker.run(job.data.jobId, job.retryCount >= job.retryLimit);
    });
  }
  await boss.createQueue(SWEEP_QUEUE);
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    await worker.sweep(boss);
  });
  const resumed = await worker.sweep(boss, true);
  if (resumed > 0) logger.info({ resumed }, '已安排恢复未完成的导入导出任务');
  return worker;
}
