import fs from 'node:fs/promises';
import ExcelJS from './excel.ts';
import type * as XL from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { ConditionError, parseConditions, type Condition } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { findFile } from '../file/repo.ts';
import type { FileStorage } from '../file/storage.ts';
import type { FormModelCache, TableModel } from '../form/formModel.ts';
import { compileCondition } from '../form/queryCompiler.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { exportCell, uploadIdsOf, type ExportContext } from './cellCodec.ts';
import { exportColumns, type ColumnSpec } from './columns.ts';
import type { ImportExportConfig } from './ieConfig.ts';
import { jobAuth } from './jobAuth.ts';
import { copyToTemp, insertJobFile, storeTemp, tempPath } from './jobFiles.ts';
import { LeaseLostError, type JobLease, type JobRow } from './jobLease.ts';
import { finishJob, paramsOf } from './repo.ts';
import { exportSettingsOf, type ExportSettings } from './settings.ts';
import { drainSheet, JobFailure, sheetNameOf, yieldToLoop } from './jobCommon.ts';
import { inspectXlsx } from './xlsxGuard.ts';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

/** What a job needs of the app: a database and form models (a job thread builds its own). */
export interface JobContext {
  db: Kysely<Database>;
  forms: Pick<FormModelCache, 'load'>;
}

export interface JobDeps {
  ctx: JobContext;
  storage: FileStorage;
  tempDir: string;
  config: ImportExportConfig;
}

/** The list's conditions, checked again against the form as it is now. */
export function exportCondition(table: TableModel, raw: unknown): Condition | null {
  try {
    return parseConditions(raw, table.queryColumns);
  } catch (err) {
    if (err instanceof ConditionError) throw new JobFailure(err.message);
    throw err;
  }
}

/** The rows the list would show this user for these conditions (company scope, same WHERE). */
function filtered(db: Kysely<Database>, table: TableModel, cond: Condition | null, auth: AuthContext, now: Date) {
  let q = (db as unknown as AnyDb).selectFrom(table.table);
  const scope = companyScopeOf(auth);
  if (scope) q = q.where('company_id', '=', scope);
  if (cond) q = q.where((eb) => compileCondition(eb, cond, table.queryColumns, now));
  return q;
}

/** Rows above startRow from the template's first sheet: titles, headers, their styles and merges. */
async function applyTemplate(deps: JobDeps, ws: XL.Worksheet, settings: ExportSettings, fileId: string): Promise<boolean> {
  const file = await findFile(deps.ctx.db, fileId);
  if (!file || file.suffix !== 'xlsx') return false;
  const temp = await copyToTemp(deps.storage, file.file_key, deps.tempDir);
  try {
    // A template is a small designed sheet; bound it as any upload before reading it whole.
    await inspectXlsx(temp, { ...deps.config.caps, maxRows: 10_000, maxUnzippedBytes: 50 * 1024 * 1024 }, settings.startRow);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(temp);
    const sheet = book.worksheets[0];
    if (!sheet) return false;
    sheet.columns?.forEach((col, i) => {
      if (col.width) ws.getColumn(i + 1).width = col.width;
    });
    for (let r = 1; r < settings.startRow; r++) {
      const src = sheet.getRow(r);
      const dst = ws.getRow(r);
      if (src.height) dst.height = src.height;
      src.eachCell({ includeEmpty: false }, (cell, col) => {
        const target = dst.getCell(col);
        target.value = cell.value;
        target.style = cell.style;
      });
      dst.commit();
    }
    const merges = (sheet.model as { merges?: string[] }).merges ?? [];
    for (const range of merges) {
      const m = /^[A-Z]+(\d+):[A-Z]+(\d+)$/.exec(range);
      if (m && Number(m[2]) < settings.startRow) ws.mergeCells(range);
    }
    return true;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

function writeHeader(ws: XL.Worksheet, specs: readonly ColumnSpec[], settings: ExportSettings): void {
  if (settings.startRow < 2) return;
  const row = ws.getRow(settings.startRow - 1);
  const values: Array<string | undefined> = [];
  specs.forEach((s, i) => (values[settings.startColumn + i] = s.header));
  row.values = values;
  row.font = { bold: true };
  row.commit();
}

/**
 * Streams the form's rows into a workbook: keyset reads by id in batches (the list's WHERE and
 * company scope), each row converted to labels and written and committed at once, so memory
 * holds one batch whatever the row count. The file is stored and the job ended in one step.
 * An export resumed after a crash starts again from the first row.
 */
export async function runExport(deps: JobDeps, job: JobRow, lease: JobLease): Promise<void> {
  const { ctx } = deps;
  const params = paramsOf(job);
  const auth = await jobAuth(ctx.db, params.requester.id);
  if (!auth) throw new JobFailure('导出用户不存在或已停用');
  const model = await ctx.forms.load(ctx.db, job.form_id);
  const table = model.main;
  const settings = exportSettingsOf(model.meta, params.widgetId);
  const specs = exportColumns(table, settings.columns);
  const cond = exportCondition(table, params.queryConditions);
  const now = new Date();

  const countRow = await filtered(ctx.db, table, cond, auth, now)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  await progress(ctx.db, lease, { total, done: 0 });

  const temp = await tempPath(deps.tempDir, '.xlsx.part');
  let stored: { key: string } | null = null;
  try {
    const withTemplate = settings.templateFileId !== null;
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: temp,
      useStyles: withTemplate,
      useSharedStrings: false,
      // Export time is CPU time on the same cores as the API: the fastest deflate level.
      zip: { zlib: { level: 1 } },
    });
    const ws = book.addWorksheet(sheetNameOf(model.formName));
    const templated = withTemplate && (await applyTemplate(deps, ws, settings, settings.templateFileId!));
    if (!templated) writeHeader(ws, specs, settings);

    const fileNames = new Map<string, string>();
    const exportCtx: ExportContext = { fileNames, rules: settings.rules };
    let rowNo = settings.startRow;
    let last = '0';
    let done = 0;
    for (;;) {
      lease.assertHeld();
      const rows = (await filtered(ctx.db, table, cond, auth, now)
        .selectAll()
        .where('id', '>', last)
        .orderBy('id')
        .limit(deps.config.exportBatch)
        .execute()) as Row[];
      if (rows.length === 0) break;
      fileNames.clear();
      const ids = uploadIdsOf(specs, rows);
      if (ids.length > 0) {
        for (const f of await ctx.db.selectFrom('sys_file').select(['id', 'original_name']).where('id', 'in', ids).execute()) {
          fileNames.set(f.id, f.original_name);
        }
      }
      for (let k = 0; k < rows.length; k++) {
        const values: Array<string | number | null | undefined> = [];
        for (let i = 0; i < specs.length; i++) values[settings.startColumn + i] = exportCell(specs[i]!, rows[k]!, exportCtx);
        const row = ws.getRow(rowNo++);
        row.values = values;
        row.commit();
        if (k % 1000 === 999) await drainSheet(ws);
      }
      last = String(rows[rows.length - 1]!.id);
      done += rows.length;
      await progress(ctx.db, lease, { done });
      await yieldToLoop();
    }
    ws.commit();
    await book.commit();

    const file = await storeTemp(deps.storage, temp);
    stored = file;
    const finished = await finishJob(ctx.db, job, lease, { state: 'success', total: Math.max(total, done), done }, async (trx) => {
      const row = await insertJobFile(trx, file, `${model.formName}.xlsx`, params.requester);
      return { resultFileId: row.id };
    });
    if (!finished) throw new LeaseLostError();
    stored = null;
  } finally {
    await fs.rm(temp, { force: true });
    if (stored) await deps.storage.delete(stored.key).catch(() => undefined);
  }
}

/** Progress and the lease in one fenced write. */
async function progress(db: Kysely<Database>, lease: JobLease, p: { total?: number; done: number }): Promise<void> {
  const r = await db
    .updateTable('form_import_export')
    .set({ ...p, lease_until: lease.renewal(), update_time: sql`now()` })
    .where('id', '=', lease.jobId)
    .where('lease_owner', '=', lease.owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    lease.lost = true;
    throw new LeaseLostError();
  }
}
