import crypto from 'node:crypto';
import { AGGREGATE_LABELS, DATE_LEVEL_LABELS, REPORT_LIMITS, type DataScope, type ReportQuery } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { ReportServices } from '../service.ts';
import type { ReportExportParams } from './jobRow.ts';

export const EXPORT_TEXT = {
  notTable: '只有表格报表可以导出',
  notFound: '导出任务不存在',
  tooMany: `导出的数据超过 ${REPORT_LIMITS.maxExportRows.toLocaleString('en-US')} 行，请增加查询条件后再导出`,
  interrupted: '导出任务多次中断，已停止，请重新导出',
  noJobs: '后台任务服务未启动，请稍后重试',
  userGone: '导出用户不存在或已停用',
  failed: 'Excel导出失败',
} as const;

export const REPORT_EXPORT_QUEUE = 'report-export';
/** pg-boss retries a run that threw; the lease decides whether a retry may run it. */
export const SEND_OPTIONS = { retryLimit: 3, retryDelay: 10, expireInSeconds: 4 * 3600 } as const;

type Item = Record<string, unknown>;

/** The sheet's first row: the user's aliases, else the column's label with its date level or aggregate. */
export function exportHeaders(q: ReportQuery): string[] {
  const dims = [...q.dims, ...q.columnDims].map((d) => (d.key !== d.col.column ? d.key : d.col.desc) + (d.dateDim ? `（${DATE_LEVEL_LABELS[d.dateDim]}）` : ''));
  const measures = q.measures.map((m) => (m.key !== `${m.aggregate}_${m.col.column}` && m.key !== m.col.column ? m.key : m.aggregate === 'none' ? m.col.desc : `${m.col.desc}（${AGGREGATE_LABELS[m.aggregate]}）`));
  return [...dims, ...measures];
}

/**
 * exportTableReport (DESIGN §11): a table widget's every row as a workbook, as a durable job
 * (ADR 0019). The request checks the widget and its query (a bad one is a 400 here) and leaves a
 * pending report_export row; a pg-boss worker runs it on a job thread (export/exportWorker.ts),
 * again after a restart, and getExportTableReportState reads the row.
 */
export class TableExports {
  constructor(
    private readonly ctx: AppContext,
    private readonly services: ReportServices,
  ) {}

  async start(auth: AuthContext, grant: DataScope, reportId: string, widgetId: string, widget: Item, body: Item): Promise<string> {
    const prepared = await this.services.engine.prepare(auth, grant, widget, body, 'all');
    if (prepared.query.shape !== 'table') throw badRequest(EXPORT_TEXT.notTable);
    const jobs = this.ctx.jobs;
    if (!jobs) throw new AppError(503, EXPORT_TEXT.noJobs);
    const code = `re${crypto.randomBytes(12).toString('hex')}`;
    const params: ReportExportParams = { queryConditions: body.queryConditions, drillingConditions: body.drillingConditions, superConditions: body.superConditions };
    const row = await this.ctx.db
      .insertInto('report_export')
      .values({ code, report_id: reportId, widget_id: widgetId, created_by: auth.userId, params: JSON.stringify(params) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Sent after the row commits; a message lost here is sent again by the minute sweep.
    await jobs.send(REPORT_EXPORT_QUEUE, { jobId: row.id }, SEND_OPTIONS).catch(() => undefined);
    return code;
  }

  /** getExportTableReportState: the requester's (or an administrator's) job; a queued one reads as running. */
  async state(auth: AuthContext, code: string) {
    const job = /^re[0-9a-f]{24}$/.test(code) ? await this.ctx.db.selectFrom('report_export').selectAll().where('code', '=', code).executeTakeFirst() : undefined;
    if (!job || (job.created_by !== auth.userId && !auth.permissions.isSuper)) throw notFound(EXPORT_TEXT.notFound);
    const state = job.state === 'pending' ? 'running' : job.state;
    return { state, reason: job.reason, rowsDone: job.rows_done, fileId: job.file_id === null ? null : Number(job.file_id) };
  }
}
