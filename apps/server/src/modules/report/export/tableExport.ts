import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { AGGREGATE_LABELS, DATE_LEVEL_LABELS, REPORT_LIMITS, type ReportQuery } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/sessions.ts';
import { createFileStorage, uploadTempDir } from '../../file/storage.ts';
import { drainSheet, sheetNameOf } from '../../importExport/jobCommon.ts';
import { insertJobFile, storeTemp, tempPath } from '../../importExport/jobFiles.ts';
import { rename } from '../query/engine.ts';
import type { ReportServices } from '../service.ts';
import { describeSourceError } from '../datasources.ts';
import { rowBatches } from './rowStream.ts';

export const EXPORT_TEXT = {
  notTable: '只有表格报表可以导出',
  notFound: '导出任务不存在',
  tooMany: `导出的数据超过 ${REPORT_LIMITS.maxExportRows.toLocaleString('en-US')} 行，请增加查询条件后再导出`,
  interrupted: '导出任务已中断，请重新导出',
  failed: 'Excel导出失败',
} as const;

/** A running export not finished after this long was cut by a restart. */
const STALE_MS = 60 * 60_000;

type Item = Record<string, unknown>;

function headers(q: ReportQuery): string[] {
  const dims = [...q.dims, ...q.columnDims].map((d) => (d.key !== d.col.column ? d.key : d.col.desc) + (d.dateDim ? `（${DATE_LEVEL_LABELS[d.dateDim]}）` : ''));
  const measures = q.measures.map((m) => (m.key !== `${m.aggregate}_${m.col.column}` && m.key !== m.col.column ? m.key : m.aggregate === 'none' ? m.col.desc : `${m.col.desc}（${AGGREGATE_LABELS[m.aggregate]}）`));
  return [...dims, ...measures];
}

/**
 * exportTableReport (DESIGN §11): a table widget's rows, every page, streamed into a workbook
 * (a PostgreSQL cursor → exceljs's streaming writer), stored as the requester's file. The job runs
 * in this process and records its state in report_export, which getExportTableReportState reads.
 */
export class TableExports {
  private readonly storage;

  constructor(
    private readonly ctx: AppContext,
    private readonly services: ReportServices,
  ) {
    this.storage = createFileStorage(ctx.config);
  }

  /** Checks the widget and the query now (a bad one is a 400 here), then starts the job. */
  async start(auth: AuthContext, reportId: string, widgetId: string, widget: Item, body: Item): Promise<string> {
    const prepared = await this.services.engine.prepare(auth, widget, body, 'all');
    if (prepared.query.shape !== 'table') throw badRequest(EXPORT_TEXT.notTable);
    const code = `re${crypto.randomBytes(12).toString('hex')}`;
    await this.ctx.db.insertInto('report_export').values({ code, report_id: reportId, widget_id: widgetId, created_by: auth.userId }).execute();
    // An export holds one of the caller's report query slots while it reads.
    void this.ctx.reports.limiter.run(auth.userId, () => this.run(code, auth, String(widget.name ?? '报表'), prepared)).catch(async (err: unknown) => {
      const reason = err instanceof Error && 'statusCode' in err ? err.message : EXPORT_TEXT.failed;
      await this.finish(code, { state: 'failed', reason }).catch(() => undefined);
    });
    return code;
  }

  private async run(code: string, auth: AuthContext, name: string, p: Awaited<ReturnType<ReportServices['engine']['prepare']>>) {
    const temp = await tempPath(uploadTempDir(this.ctx.config), '.xlsx.part');
    let storedKey: string | null = null;
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
      const ws = book.addWorksheet(sheetNameOf(name));
      ws.addRow(headers(p.query)).commit();
      let done = 0;
      try {
        for await (const batch of rowBatches(p.plan, p.compiled.query)) {
          done += batch.length;
          if (done > REPORT_LIMITS.maxExportRows) throw badRequest(EXPORT_TEXT.tooMany);
          for (const row of rename(batch, p.compiled.columns)) ws.addRow(p.compiled.columns.map((c) => row[c.key] ?? null)).commit();
          await drainSheet(ws);
          await this.ctx.db.updateTable('report_export').set({ rows_done: done }).where('code', '=', code).execute();
        }
      } catch (err) {
        throw describeSourceError(err, this.ctx.config.report.statementTimeoutMs);
      }
      ws.commit();
      await book.commit();
      const stored = await storeTemp(this.storage, temp);
      storedKey = stored.key;
      await this.ctx.db.transaction().execute(async (trx) => {
        const file = await insertJobFile(trx, stored, `${name}.xlsx`, {
          id: auth.userId,
          username: auth.user.username,
          userType: auth.user.userType,
          companyId: auth.user.companyId === null ? null : String(auth.user.companyId),
          ip: '',
        });
        await trx.updateTable('report_export').set({ state: 'success', rows_done: done, file_id: file.id, finish_time: new Date() }).where('code', '=', code).execute();
      });
      storedKey = null;
    } finally {
      await fs.rm(temp, { force: true });
      if (storedKey) await this.storage.delete(storedKey).catch(() => undefined);
    }
  }

  private async finish(code: string, v: { state: 'failed'; reason: string }) {
    await this.ctx.db.updateTable('report_export').set({ ...v, finish_time: new Date() }).where('code', '=', code).where('state', '=', 'running').execute();
  }

  /** getExportTableReportState: the requester's (or an administrator's) job. */
  async state(auth: AuthContext, code: string) {
    const job = /^re[0-9a-f]{24}$/.test(code) ? await this.ctx.db.selectFrom('report_export').selectAll().where('code', '=', code).executeTakeFirst() : undefined;
    if (!job || (job.created_by !== auth.userId && !auth.permissions.isSuper)) throw notFound(EXPORT_TEXT.notFound);
    if (job.state === 'running' && Date.now() - job.create_time.getTime() > STALE_MS) {
      await this.finish(code, { state: 'failed', reason: EXPORT_TEXT.interrupted });
      return { state: 'failed', reason: EXPORT_TEXT.interrupted, rowsDone: job.rows_done, fileId: null };
    }
    return { state: job.state, reason: job.reason, rowsDone: job.rows_done, fileId: job.file_id === null ? null : Number(job.file_id) };
  }
}
