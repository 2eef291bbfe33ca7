import ExcelJS from 'exceljs';
import { AUTO_REPORT_TEXT } from '@park/core';
import { badRequest } from '../../../../plugins/errors.ts';
import { exportHeaders, rename, ReportWidgets } from '../../../report/index.ts';
import { sheetNameOf } from '../../../importExport/worker.ts';
import type { Renderer } from '../types.ts';

/** A mailed workbook is read in full by its receivers: larger tables belong in 导出 (a durable job). */
export const AUTO_REPORT_MAX_ROWS = 50_000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A table widget's rows as the owner may read them, with the export's headers (ADR 0019). */
export const renderExcel: Renderer = async (ctx, owner, schedule) => {
  const { widget, grant } = await new ReportWidgets(ctx.db).loadWithGrant(owner, schedule.reportId, schedule.widgetId ?? '');
  const p = await ctx.reportServices.engine.prepare(owner, grant, widget, {}, 'all');
  if (p.query.shape !== 'table') throw badRequest(AUTO_REPORT_TEXT.notTable);
  const raw = await p.compiled.query.limit(AUTO_REPORT_MAX_ROWS + 1).execute();
  if (raw.length > AUTO_REPORT_MAX_ROWS) throw badRequest(`数据超过 ${AUTO_REPORT_MAX_ROWS} 行，请在报表中导出`);
  const rows = rename(raw as Array<Record<string, unknown>>, p.compiled.columns);
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetNameOf(String(widget.name ?? schedule.reportName)));
  ws.addRow(exportHeaders(p.query));
  for (const r of rows) ws.addRow(p.compiled.columns.map((c) => r[c.key] ?? null));
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { buffer, name: `${schedule.name}.xlsx`, suffix: 'xlsx', mime: XLSX_MIME };
};
