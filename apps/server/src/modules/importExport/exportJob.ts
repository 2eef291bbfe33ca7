import fs from 'node:fs/promises';
import ExcelJS from './excel.ts';
import type * as XL from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { ConditionError, FORBIDDEN_TEXT, parseConditions, type Condition } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { type FileStorage, findFile } from '../file/worker.ts';
import { type FormModelCache, type TableModel, compileCondition, modelForCaller, isUnscoped, recordScopeFor, scopeCondition, type RecordScope } from '../form/worker.ts';
import { exportCell, uploadIdsOf, type ExportContext } from './cellCodec.ts';
import { exportColumns, type ColumnSpec } from './columns.ts';
import type { ImportExportConfig } from './ieConfig.ts';
import { jobAuth } from './jobAuth.ts';
import { copyToTemp, insertJobFile, storeTemp, tempPath } from './jobFiles.ts';
import { LeaseLostError, type JobLease, type JobRow } from './jobLease.ts';
import { finishJob, paramsOf } from './repo.ts';
import { exportSettingsOf, type ExportSettings } from './settings.ts';
import { drainSheet, JobFailure, PARENT_ROW_HEADER, sheetNameOf, yieldToLoop } from './jobCommon.ts';
import { inspectXlsx } from './xlsxGuard.ts';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

/** What a job needs of the app: a database and form models (a job thread builds its own). */
export interface JobContext {
  db: Kysely<Database>;
  forms: Pick<FormModelCache, 'load' | 'loadFor'>;
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

/** The rows the list would show this user for these conditions (the export permission's data scope, same WHERE). */
function filtered(db: Kysely<Database>, table: TableModel, cond: Condition | null, scope: RecordScope, now: Date) {
  let q = (db as unknown as AnyDb).selectFrom(table.table);
  if (!isUnscoped(scope)) q = q.where((eb) => scopeCondition(eb, scope));
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

/** Writes one row's cells from `startColumn`, after any leading cells. */
function writeRow(ws: XL.Worksheet, rowNo: number, specs: readonly ColumnSpec[], row: Row, ctx: ExportContext, startColumn: number, lead: Array<number | string> = []) {
  const values: Array<string | number | null | undefined> = [];
  lead.forEach((v, i) => (values[startColumn + i] = v));
  for (let i = 0; i < specs.length; i++) values[startColumn + lead.length + i] = exportCell(specs[i]!, row, ctx);
  const r = ws.getRow(rowNo);
  r.values = values;
  r.commit();
}

/** Original names of the files the rows' upload fields name, for their cells. */
async function loadFileNames(db: Kysely<Database>, specs: readonly ColumnSpec[], rows: readonly Row[], into: Map<string, string>) {
  into.clear();
  const ids = uploadIdsOf(specs, rows);
  if (ids.length === 0) return;
  for (const f of await db.selectFrom('sys_file').select(['id', 'original_name']).where('id', 'in', ids).execute()) into.set(f.id, f.original_name);
}

/**
 * The exported parents in sheet order, a batch at a time, each with its row in the main sheet:
 * keyset reads by id with the list's WHERE and company scope, as the main sheet was written.
 */
async function* parentBatches(
  db: Kysely<Database>,
  table: TableModel,
  cond: Condition | null,
  scope: RecordScope,
  now: Date,
  batch: number,
  firstRow: number,
  idsOnly = false,
) {
  let last = '0';
  let rowNo = firstRow;
  for (;;) {
    const q = filtered(db, table, cond, scope, now).where('id', '>', last).orderBy('id').limit(batch);
    const rows = (await (idsOnly ? q.select('id') : q.selectAll()).execute()) as Row[];
    if (rows.length === 0) return;
    yield { rows, firstRowNo: rowNo };
    rowNo += rows.length;
    last = String(rows[rows.length - 1]!.id);
  }
}

/** A sheet name not yet used in the workbook. */
function uniqueSheetName(wanted: string, used: Set<string>): string {
  let name = sheetNameOf(wanted);
  for (let n = 2; used.has(name.toLowerCase()); n++) name = sheetNameOf(`${wanted.slice(0, 27)}(${n})`);
  used.add(name.toLowerCase());
  return name;
}

/**
 * Streams the form's rows into a workbook: keyset reads by id in batches (the list's WHERE and
 * company scope), each row converted to labels and written and committed at once, so memory
 * holds one batch whatever the row count. Then one sheet per sub-table, whose rows carry their
 * parent's row in the main sheet (主表行号) — written after the main sheet, as the zip takes one
 * sheet at a time. All reads share one snapshot, so both sheets agree however the data changes
 * meanwhile. The file is stored and the job ended in one step. An export resumed after a crash
 * starts again from the first row.
 */
export async function runExport(deps: JobDeps, job: JobRow, lease: JobLease): Promise<void> {
  const { ctx } = deps;
  const params = paramsOf(job);
  const auth = await jobAuth(ctx.db, params.requester.id);
  if (!auth) throw new JobFailure('导出用户不存在或已停用');
  // Read again when the job runs: a permission withdrawn meanwhile stops the export.
  const scope = recordScopeFor(auth, job.form_id, 'export');
  if (!scope) throw new JobFailure(FORBIDDEN_TEXT);
  // The design the requester runs: a tenant's user exports its copy's columns (ADR 0037, 0043).
  const model = await modelForCaller(ctx, auth, job.form_id);
  const table = model.main;
  const settings = exportSettingsOf(model.meta, params.widgetId);
  const specs = exportColumns(table, settings.columns);
  const cond = exportCondition(table, params.queryConditions);
  const now = new Date();

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
    const sheetNames = new Set<string>();
    const { total, done } = await ctx.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (snap) => {
        const countRow = await filtered(snap, table, cond, scope, now)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        const total = Number(countRow.n);
        await progress(ctx.db, lease, { total, done: 0 });

        const ws = book.addWorksheet(uniqueSheetName(model.formName, sheetNames));
        const templated = withTemplate && (await applyTemplate(deps, ws, settings, settings.templateFileId!));
        if (!templated) writeHeader(ws, specs, settings);
        const fileNames = new Map<string, string>();
        const exportCtx: ExportContext = { fileNames, rules: settings.rules };
        let done = 0;
        for await (const { rows, firstRowNo } of parentBatches(snap, table, cond, scope, now, deps.config.exportBatch, settings.startRow)) {
          lease.assertHeld();
          await loadFileNames(snap, specs, rows, fileNames);
          for (let k = 0; k < rows.length; k++) {
            writeRow(ws, firstRowNo + k, specs, rows[k]!, exportCtx, settings.startColumn);
            if (k % 1000 === 999) await drainSheet(ws);
          }
          done += rows.length;
          await progress(ctx.db, lease, { done });
          await yieldToLoop();
        }
        ws.commit();
        for (const sub of model.subs.values()) await writeSubSheet(deps, snap, lease, book, sub, { table, cond, scope, now, settings, name: uniqueSheetName(sub.name, sheetNames) });
        return { total, done };
      });
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

/** One sub-table's sheet: 主表行号 then its columns, children in the order of their parents. */
async function writeSubSheet(
  deps: JobDeps,
  snap: Kysely<Database>,
  lease: JobLease,
  book: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>,
  sub: TableModel,
  at: { table: TableModel; cond: Condition | null; scope: RecordScope; now: Date; settings: ExportSettings; name: string },
): Promise<void> {
  const specs = exportColumns(sub, null);
  const ws = book.addWorksheet(at.name);
  const header = ws.getRow(1);
  // A sparse array (as writeRow builds): exceljs reads index 1 as column A only when index 0 is a hole.
  const titles: string[] = [];
  [PARENT_ROW_HEADER, ...specs.map((s) => s.header)].forEach((h, i) => (titles[1 + i] = h));
  header.values = titles;
  header.font = { bold: true };
  header.commit();
  const fileNames = new Map<string, string>();
  const exportCtx: ExportContext = { fileNames, rules: new Map() };
  let rowNo = 2;
  // Only the parents' ids and rows in the main sheet are needed here.
  for await (const { rows, firstRowNo } of parentBatches(snap, at.table, at.cond, at.scope, at.now, deps.config.exportBatch, at.settings.startRow, true)) {
    lease.assertHeld();
    const parentRow = new Map(rows.map((r, i) => [String(r.id), firstRowNo + i]));
    // Children of the batch a page at a time too: a parent may have thousands.
    let after: [string, string] = ['0', '0'];
    for (;;) {
      const children = (await (snap as unknown as AnyDb)
        .selectFrom(sub.table)
        .selectAll()
        .where('parent_id', 'in', [...parentRow.keys()])
        .where((eb) => eb(eb.refTuple('parent_id', 'id'), '>', eb.tuple(after[0], after[1])))
        .orderBy('parent_id')
        .orderBy('id')
        .limit(deps.config.exportBatch)
        .execute()) as Row[];
      if (children.length === 0) break;
      await loadFileNames(snap, specs, children, fileNames);
      for (let k = 0; k < children.length; k++) {
        writeRow(ws, rowNo++, specs, children[k]!, exportCtx, 1, [parentRow.get(String(children[k]!.parent_id))!]);
        if (k % 1000 === 999) await drainSheet(ws);
      }
      const last = children[children.length - 1]!;
      after = [String(last.parent_id), String(last.id)];
      await yieldToLoop();
    }
  }
  ws.commit();
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
