import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { importExportConfig, type ImportExportConfig } from './ieConfig.ts';
import { JobLease, type JobRow } from './jobLease.ts';
import type { ThreadInput, ThreadResult } from './jobThread.ts';
import { EXPORT, findJob, finishJob, IMPORT, type JobKind } from './repo.ts';
import { bundledThreadModule } from './threadBundle.ts';

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

const TSX_API = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const THREAD_ENTRY = new URL('./jobThread.ts', import.meta.url).href;

/** What a job thread runs: its module, the workerData flag that module waits for, its out-of-memory message. */
export interface ThreadEntry {
  url: string;
  flag: string;
  outOfMemory: string;
}

const IMPORT_EXPORT_ENTRY: ThreadEntry = { url: THREAD_ENTRY, flag: 'importExportThread', outOfMemory: 'Excel文件过大，处理时内存不足，请拆分后再导入' };

/**
 * The thread imports and exports run in (each job on its own async path, at most one import and
 * one export per instance). It is started in the background when the workers register and then
 * kept: loading the server's modules into a thread takes seconds, a small export should not. The
 * thread runs its entry bundled into plain JavaScript (threadBundle.ts, ADR 0024), or, if that
 * fails, loads our TypeScript through tsx's API (a worker does not inherit the --import hook). Its
 * heap is capped: a workbook that needs more ends as a failed job with a message, and the next job
 * gets a new thread.
 */
export class JobThread<I = ThreadInput> {
  private worker: Promise<Worker> | null = null;
  private code: Promise<string> | null = null;
  private seq = 0;
  private pending = new Map<number, (r: ThreadResult) => void>();

  /** `entry`: another module's jobs may run on a thread of their own (report exports, issue 21). */
  constructor(
    private readonly heapMb: number,
    private readonly entry: ThreadEntry = IMPORT_EXPORT_ENTRY,
  ) {}

  /** Starts the thread now, so the first job does not wait for it to load. */
  warm(): void {
    void this.ready();
  }

  private ready(): Promise<Worker> {
    if (!this.worker) {
      const starting = this.codeOf().then((code) => this.start(code));
      this.worker = starting;
      // A thread that could not start is not kept: the next job tries again.
      starting.catch(() => {
        if (this.worker === starting) this.worker = null;
      });
    }
    return this.worker;
  }

  /** The thread's bootstrap: its entry's bundle, or its sources through tsx. */
  private codeOf(): Promise<string> {
    this.code ??= bundledThreadModule(this.entry.url).then((bundled) =>
      bundled
        ? `import(${JSON.stringify(bundled)});`
        : `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); return import(${JSON.stringify(this.entry.url)}); });`,
    );
    return this.code;
  }

  private start(code: string): Worker {
    const worker = new Worker(code, {
      eval: true,
      workerData: { [this.entry.flag]: true },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    const started = this.worker;
    worker.on('message', (m: { id: number; result: ThreadResult }) => {
      this.pending.get(m.id)?.(m.result);
      this.pending.delete(m.id);
    });
    const fail = (result: ThreadResult) => {
      if (this.worker === started) this.worker = null;
      for (const resolve of this.pending.values()) resolve(result);
      this.pending.clear();
    };
    worker.on('error', (err: Error & { code?: string }) =>
      fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'failure', message: this.entry.outOfMemory }
          : { kind: 'fault', message: err.message },
      ),
    );
    worker.on('exit', (exitCode) => fail({ kind: 'fault', message: `job thread exited with ${exitCode}` }));
    return worker;
  }

  async run(input: I): Promise<ThreadResult> {
    const worker = await this.ready();
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, input });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}

export class ImportExportWorker {
  readonly config: ImportExportConfig;
  readonly thread: JobThread;

  constructor(
    private readonly ctx: AppContext,
    private readonly databaseUrl: string,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    config: ImportExportConfig = importExportConfig(),
  ) {
    this.config = config;
    this.thread = new JobThread(config.threadHeapMb);
  }

  stop(): Promise<void> {
    return this.thread.stop();
  }

  /**
   * Runs one job if this worker can claim it: the lease and its heartbeat stay on this thread,
   * the work goes to a job thread. `lastTry` is pg-boss's final retry: a fault then fails the
   * job cleanly instead of leaving it running.
   */
  async run(jobId: string, lastTry = true): Promise<'ran' | 'busy' | 'finished'> {
    const { ctx } = this;
    const claimed = await JobLease.claim(ctx.db, jobId, this.config.leaseSeconds);
    if (!claimed) {
      const job = await findJob(ctx.db, jobId);
      return job && (job.state === 'running' || job.state === 'pending') ? 'busy' : 'finished';
    }
    const { lease, job } = claimed;
    const kind = job.kind as JobKind;
    try {
      if (job.attempts > this.config.maxAttempts) {
        await finishJob(ctx.db, job, lease, { state: 'failed', reason: `${DEFAULT_FAILURE[kind]}：任务多次中断，已停止` });
        return 'ran';
      }
      const result = await this.thread.run({
        databaseUrl: this.databaseUrl,
        config: ctx.config,
        jobConfig: this.config,
        jobId,
        leaseOwner: lease.owner,
      });
      if (result.kind === 'done') return 'ran';
      if (result.kind === 'lease') {
        this.logger.warn({ jobId }, '导入导出任务已由其他进程接管');
        return 'ran';
      }
      if (result.kind === 'failure' || lastTry) {
        if (result.kind === 'fault') this.logger.error({ jobId, message: result.message }, '导入导出任务失败');
        await finishJob(ctx.db, job, lease, { state: 'failed', reason: result.kind === 'failure' ? result.message : DEFAULT_FAILURE[kind] });
        return 'ran';
      }
      this.logger.error({ jobId, message: result.message }, '导入导出任务出错，将重试');
      await lease.release(true);
      throw new Error(result.message);
    } finally {
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
export async function registerImportExport(boss: PgBoss, ctx: AppContext, logger: Logger, databaseUrl: string): Promise<ImportExportWorker> {
  const worker = new ImportExportWorker(ctx, databaseUrl, logger);
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
  worker.thread.warm();
  const resumed = await worker.sweep(boss, true);
  if (resumed > 0) logger.info({ resumed }, '已安排恢复未完成的导入导出任务');
  return worker;
}

/** The JobSender is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    /** The pg-boss queue, set by startJobs; absent where no jobs run (most tests). */
    jobs?: JobSender;
  }
}
