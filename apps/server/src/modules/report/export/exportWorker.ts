import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../plugins/errors.ts';
import { jobAuth, JobThread } from '../../importExport/index.ts';
import type { ThreadResult } from '../../importExport/worker.ts';
import { describeSourceError } from '../reportDatasources.ts';
import { ReportWidgets } from '../reports.ts';
import type { ReportServices } from '../service.ts';
import { REPORT_EXPORT_THREAD_FLAG, type ReportExportInput } from './exportThread.ts';
import {
  claimExport,
  finishExport,
  LEASE_SECONDS,
  MAX_ATTEMPTS,
  newLeaseOwner,
  releaseExport,
  renewExport,
  strandedExports,
  type ReportExportParams,
  type ReportExportRow,
} from './jobRow.ts';
import { EXPORT_TEXT, exportHeaders, REPORT_EXPORT_QUEUE, SEND_OPTIONS } from './tableExport.ts';

const SWEEP_QUEUE = 'report-export-sweep';
/** The export thread's old-generation heap: rows are streamed, so a small heap holds any size. */
const THREAD_HEAP_MB = 192;

interface JobData {
  jobId: string;
}

/**
 * Runs table-report exports (ADR 0019): claims a job's row under a lease, checks the request again
 * with the requester's rights as they are now, compiles its SQL, and hands the reading and writing
 * to a job thread while this thread keeps the lease alive. A run that dies leaves its lease to
 * expire; the sweep sends the job again and the next run starts over.
 */
export class ReportExportWorker {
  readonly thread = new JobThread<ReportExportInput>(THREAD_HEAP_MB, {
    url: new URL('./exportThread.ts', import.meta.url).href,
    flag: REPORT_EXPORT_THREAD_FLAG,
    outOfMemory: EXPORT_TEXT.failed,
  });
  private readonly services: ReportServices;
  private readonly widgets: ReportWidgets;

  constructor(
    private readonly ctx: AppContext,
    private readonly databaseUrl: string,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.services = ctx.reportServices;
    this.widgets = new ReportWidgets(ctx.db);
  }

  /** 'busy' when another run holds the job, 'finished' when there is nothing left to do. */
  async run(jobId: string, lastTry = true): Promise<'ran' | 'busy' | 'finished'> {
    const owner = newLeaseOwner();
    const job = await claimExport(this.ctx.db, jobId, owner);
    if (!job) {
      const row = await this.ctx.db.selectFrom('report_export').select('state').where('id', '=', jobId).executeTakeFirst();
      return row && (row.state === 'running' || row.state === 'pending') ? 'busy' : 'finished';
    }
    const fail = (reason: string) => finishExport(this.ctx.db, jobId, owner, { state: 'failed', reason });
    if (job.attempts > MAX_ATTEMPTS) {
      await fail(EXPORT_TEXT.interrupted);
      return 'ran';
    }
    const heartbeat = setInterval(() => void renewExport(this.ctx.db, jobId, owner).catch(() => undefined), (LEASE_SECONDS * 1000) / 3);
    heartbeat.unref();
    try {
      let input: ReportExportInput;
      try {
        input = await this.inputOf(job, owner);
      } catch (err) {
        // The request no longer holds (rights withdrawn, widget removed, query now invalid): say why.
        const e = describeSourceError(err, this.ctx.config.report.statementTimeoutMs);
        if (e.statusCode < 500) {
          await fail(e.message);
          return 'ran';
        }
        throw err;
      }
      const result: ThreadResult = await this.thread.run(input);
      if (result.kind === 'done') return 'ran';
      if (result.kind === 'lease') {
        this.logger.warn({ jobId }, '报表导出任务已由其他进程接管');
        return 'ran';
      }
      if (result.kind === 'failure' || lastTry) {
        if (result.kind === 'fault') this.logger.error({ jobId, message: result.message }, '报表导出任务失败');
        await fail(result.kind === 'failure' ? result.message : EXPORT_TEXT.failed);
        return 'ran';
      }
      this.logger.error({ jobId, message: result.message }, '报表导出任务出错，将重试');
      await releaseExport(this.ctx.db, jobId, owner);
      throw new Error(result.message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** What the thread needs, from the report as it is now and the requester's rights as they are now. */
  private async inputOf(job: ReportExportRow, owner: string): Promise<ReportExportInput> {
    const auth = await jobAuth(this.ctx.db, job.created_by);
    if (!auth) throw new AppError(400, EXPORT_TEXT.userGone);
    const { widget, grant } = await this.widgets.loadWithGrant(auth, job.report_id, job.widget_id);
    const params = (job.params ?? {}) as ReportExportParams;
    const p = await this.services.engine.prepare(auth, grant, widget, { ...params }, 'all');
    if (p.query.shape !== 'table') throw new AppError(400, EXPORT_TEXT.notTable);
    const compiled = p.compiled.query.compile();
    return {
      jobId: job.id,
      leaseOwner: owner,
      databaseUrl: this.databaseUrl,
      config: this.ctx.config,
      external: p.datasource.built_in ? null : await this.services.sources.targetOf(p.datasource),
      query: { sql: compiled.sql, parameters: [...compiled.parameters] },
      columns: p.compiled.columns,
      headers: exportHeaders(p.query),
      name: String(widget.name ?? '报表'),
      requester: {
        id: auth.userId,
        username: auth.user.username,
        userType: auth.user.userType,
        companyId: auth.user.companyId === null ? null : String(auth.user.companyId),
        ip: '',
      },
    };
  }

  /** Sends again the jobs a dead run left (at start: every running one, to run once its lease ends). */
  async sweep(boss: Pick<PgBoss, 'send'>, atStart = false): Promise<number> {
    const rows = await strandedExports(this.ctx.db, atStart);
    for (const r of rows) {
      const startAfter = r.lease_until && r.lease_until.getTime() > Date.now() ? new Date(r.lease_until.getTime() + 1000) : undefined;
      await boss.send(REPORT_EXPORT_QUEUE, { jobId: r.id } satisfies JobData, { ...SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) });
    }
    return rows.length;
  }

  stop(): Promise<void> {
    return this.thread.stop();
  }
}

/** The export queue, its worker (one export at a time per instance) and the minute sweep; called by jobs/boss.ts. */
export async function registerReportExports(boss: PgBoss, ctx: AppContext, logger: Logger, databaseUrl: string): Promise<ReportExportWorker> {
  const worker = new ReportExportWorker(ctx, databaseUrl, logger);
  await boss.createQueue(REPORT_EXPORT_QUEUE);
  await boss.work<JobData>(REPORT_EXPORT_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await worker.run(job.data.jobId, job.retryCount >= job.retryLimit);
  });
  await boss.createQueue(SWEEP_QUEUE);
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    await worker.sweep(boss);
  });
  const resumed = await worker.sweep(boss, true);
  if (resumed > 0) logger.info({ resumed }, '已安排恢复未完成的报表导出任务');
  return worker;
}
