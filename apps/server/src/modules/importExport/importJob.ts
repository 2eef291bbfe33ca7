import fs from 'node:fs/promises';
import ExcelJS, { assertUtf8Safe } from './excel.ts';
import { sql, type Kysely } from 'kysely';
import { escapeFormula, FORBIDDEN_TEXT, formatDateTime, type StoredRow } from '@park/core';
import { insertCheckedFamilies, insertCheckedRows, modelForCaller, recordScopeFor, type FormModel, type TableModel, type WriteContext } from '../form/worker.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { findFile } from '../file/worker.ts';
import { cellText, ImportLookups, type CellValue } from './cellCodec.ts';
import { importColumns, importColumnsByHeader, type ColumnSpec } from './columns.ts';
import type { JobDeps } from './exportJob.ts';
import { drainSheet, JobFailure, REASON_TITLE, yieldToLoop } from './jobCommon.ts';
import { jobAuth } from './jobAuth.ts';
import { copyToTemp, insertJobFile, storeTemp, tempPath } from './jobFiles.ts';
import { LeaseLostError, type JobLease, type JobRow } from './jobLease.ts';
import { finishJob, paramsOf } from './repo.ts';
import { importSettingsOf, type ImportSettings } from './settings.ts';
import { workbookTabs } from './workbookTabs.ts';
import { orphanChildren, stageChildren, StagedChildren, writeLeftoverChildren } from './importChildren.ts';
import { cellsOf, convertRow, defaultsFor, headerCellsOf, keptValue, type Json } from './rowCells.ts';
import { EXCEL_MAX_ROW, inspectXlsx } from './xlsxGuard.ts';

/** A rejected row as the error workbook will show it. */
interface BadRow {
  rowNo: number;
  values: Json[];
  reason: string;
}

/** The running totals of a job, as its last committed chunk left them. */
interface Progress {
  cursor: number;
  done: number;
  okRows: number;
  badRows: number;
}

/** The rows read since the last commit. `kids[i]` are the children of `ok[i]` (sheet row `okRows[i]`). */
interface Chunk {
  cursor: number;
  rows: number;
  ok: StoredRow[];
  okRows: number[];
  kids: Array<Array<{ table: TableModel; row: StoredRow }>>;
  bad: BadRow[];
}

const emptyChunk = (cursor: number): Chunk => ({ rows: 0, cursor, ok: [], okRows: [], kids: [], bad: [] });

/**
 * Writes one chunk in one transaction: the job row's cursor and counts first, fenced on the lease
 * and on the cursor the chunk started from (so two workers can never both commit it), then the
 * records with their form events through the records API (one statement, or one per table with
 * sub-table rows), then the chunk's rejected rows. A crash before
 * COMMIT leaves none of it; after COMMIT, all of it — the resume starts past the cursor.
 */
export async function commitChunk(
  db: Kysely<Database>,
  lease: JobLease,
  model: FormModel,
  auth: AuthContext,
  from: Progress,
  chunk: Chunk,
): Promise<Progress> {
  const table = model.main;
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('form_import_export')
      .set({
        cursor: chunk.cursor,
        done: sql`done + ${chunk.rows}`,
        ok_rows: sql`ok_rows + ${chunk.ok.length}`,
        bad_rows: sql`bad_rows + ${chunk.bad.length}`,
        lease_until: lease.renewal(),
        update_time: sql`now()`,
      })
      .where('id', '=', lease.jobId)
      .where('lease_owner', '=', lease.owner)
      .where('state', '=', 'running')
      .where('cursor', '=', from.cursor)
      .returning(['cursor', 'done', 'ok_rows', 'bad_rows'])
      .executeTakeFirst();
    if (!moved) {
      lease.lost = true;
      throw new LeaseLostError();
    }
    // The records go through the records API's thread entry (form/recordImport.ts), cause 'import'.
    const actor = { cause: 'import', auth } as const;
    if (chunk.kids.some((k) => k.length > 0)) {
      await insertCheckedFamilies(trx, model, actor, chunk.ok.map((row, i) => ({ row, children: chunk.kids[i]! })));
      // The children staged for these rows are consumed with them.
      await trx.deleteFrom('form_import_child').where('job_id', '=', lease.jobId).where('parent_row', 'in', chunk.okRows).execute();
    } else if (chunk.ok.length > 0) await insertCheckedRows(trx, model, table, actor, chunk.ok);
    if (chunk.bad.length > 0) {
      await sql`
        insert into form_import_error (job_id, row_no, "values", reason)
        select ${lease.jobId}::bigint, x.row_no, x.vals, x.reason
        from jsonb_to_recordset(${JSON.stringify(chunk.bad.map((b) => ({ row_no: b.rowNo, vals: b.values, reason: b.reason })))}::jsonb)
          as x(row_no integer, vals jsonb, reason text)`.execute(trx);
    }
    return { cursor: moved.cursor, done: moved.done, okRows: moved.ok_rows, badRows: moved.bad_rows };
  });
}

interface SheetLayout {
  settings: ImportSettings;
  specs: Array<ColumnSpec | null>;
  /** Header texts of the sheet's columns (the row above startRow), or the specs' headers. */
  headers: string[];
}

function resolveLayout(table: TableModel, settings: ImportSettings, headerCells: CellValue[] | null): SheetLayout {
  if (settings.columns) {
    const specs = importColumns(table, settings.columns);
    const headers = specs.map((s, i) => s?.header ?? settings.columns![i]?.name ?? '');
    return { settings, specs, headers };
  }
  if (headerCells && headerCells.some((c) => c !== null && cellText(c).trim() !== '')) {
    const texts = headerCells.map((c) => (c === null ? '' : cellText(c).trim()));
    const specs = importColumnsByHeader(table, texts);
    if (!specs.some((s) => s !== null)) throw new JobFailure('未找到与表单字段对应的表头，请使用导入模板填写');
    return { settings, specs, headers: texts };
  }
  const specs = importColumns(table, null);
  return { settings, specs, headers: specs.map((s) => s?.header ?? '') };
}

/**
 * Imports a workbook: checked and counted by the guard, then read with exceljs's streaming reader,
 * each row converted by the control codecs and validated with the form's rules (prepareRow), and
 * written in chunks under the persisted cursor. A resumed import skips the rows up to the cursor.
 */
export async function runImport(deps: JobDeps, job: JobRow, lease: JobLease): Promise<void> {
  const { ctx } = deps;
  const params = paramsOf(job);
  const auth = await jobAuth(ctx.db, params.requester.id);
  if (!auth) throw new JobFailure('导入用户不存在或已停用');
  // Read again when the job runs (or resumes): a permission withdrawn meanwhile stops the import.
  if (!recordScopeFor(auth, job.form_id, 'import')) throw new JobFailure(FORBIDDEN_TEXT);
  const model = await modelForCaller(ctx, auth, job.form_id);
  if (model.status !== 0) throw new JobFailure('表单已停用');
  const settings = importSettingsOf(model.meta, params.widgetId);
  const file = job.source_file_id ? await findFile(ctx.db, job.source_file_id) : undefined;
  if (!file) throw new JobFailure('导入文件不存在或已被删除');

  const temp = await copyToTemp(deps.storage, file.file_key, deps.tempDir);
  try {
    assertUtf8Safe();
    const inspection = await inspectXlsx(temp, deps.config.caps, settings.startRow);
    if (inspection.dataRows === 0) throw new JobFailure('导入文件中没有数据');
    await ctx.db
      .updateTable('form_import_export')
      .set({ total: inspection.dataRows, lease_until: lease.renewal() })
      .where('id', '=', job.id)
      .where('lease_owner', '=', lease.owner)
      .execute();

    const withChildren = await stageChildren(ctx.db, lease, model, temp, inspection, deps.config.caps.maxRows, job.children_staged);
    let progress: Progress = { cursor: job.cursor, done: job.done, okRows: job.ok_rows, badRows: job.bad_rows };
    const layout = await readSheet(deps, lease, model, auth, settings, temp, inspection.sheetName, withChildren, progress, (p) => (progress = p));
    await finishImport(deps, job, lease, model.formName, layout, progress, withChildren ? model : null);
  } finally {
    await fs.rm(temp, { force: true });
  }
}

async function readSheet(
  deps: JobDeps,
  lease: JobLease,
  model: FormModel,
  auth: AuthContext,
  settings: ImportSettings,
  temp: string,
  sheetName: string | null,
  withChildren: boolean,
  start: Progress,
  onCommit: (p: Progress) => void,
): Promise<SheetLayout> {
  const { ctx, config } = deps;
  const table = model.main;
  let progress = start;
  let layout: SheetLayout | null = null;
  let lookups: ImportLookups | null = null;
  let defaults: StoredRow = {};
  let wctx: WriteContext | null = null;
  let headerCells: CellValue[] | null = null;
  let staged: StagedChildren | null = null;
  let chunk = emptyChunk(progress.cursor);

  // Chunks are written while the next one is read: the database works on one core while this
  // process parses and validates on the other. A chunk starts only once the previous one has
  // committed, so cursors advance in order and the fence holds.
  let inflight: Promise<void> | null = null;
  const commit = async () => {
    if (chunk.rows === 0) return;
    const writing = chunk;
    chunk = emptyChunk(writing.cursor);
    if (inflight) await inflight;
    const pending = commitChunk(ctx.db, lease, model, auth, progress, writing).then((p) => {
      progress = p;
      onCommit(p);
    });
    pending.catch(() => undefined); // awaited before the next chunk or at the end
    inflight = pending;
    if (wctx) wctx.currentDate = formatDateTime(new Date());
    await yieldToLoop();
  };

  try {
    let found = false;
    for await (const tab of workbookTabs(temp)) {
      if (sheetName !== null && tab.name !== sheetName) continue;
      found = true;
      const strings = tab.strings;
      for await (const row of tab.rows) {
        const r = row.number;
        if (!(r >= 1 && r <= EXCEL_MAX_ROW)) throw new JobFailure('单元格位置超出工作表范围');
        if (r < settings.startRow) {
          if (r === settings.startRow - 1) headerCells = headerCellsOf(row, settings.startColumn, strings);
          continue;
        }
        if (!layout) {
          layout = resolveLayout(table, settings, headerCells);
          lookups = await ImportLookups.load(ctx.db, layout.specs);
          lookups.date1904 = tab.date1904;
          const currentDate = formatDateTime(new Date());
          defaults = defaultsFor(table, layout.specs, auth, currentDate);
          wctx = { auth, currentDate };
          if (withChildren) staged = await StagedChildren.open(ctx.db, lease.jobId, model, auth, currentDate);
        }
        if (r <= progress.cursor) continue; // committed by an earlier run
        chunk.rows++;
        chunk.cursor = r;
        const cells = cellsOf(row, settings.startColumn, layout.specs.length, strings);
        if (cells.every((c, i) => !layout!.specs[i] || c === null || (typeof c === 'string' && c.trim() === ''))) {
          if (chunk.rows >= config.chunkRows * 5) await commit();
          continue;
        }
        let result: StoredRow | string = convertRow(table, layout.specs, cells, lookups!, defaults, wctx!);
        let kids: Chunk['kids'][number] = [];
        if (staged && typeof result !== 'string') {
          const outcome = staged.convert(await staged.of(r), wctx!);
          if ('error' in outcome) result = outcome.error;
          else kids = outcome.ok;
        }
        if (typeof result === 'string') {
          chunk.bad.push({ rowNo: r, values: cells.map((c, i) => keptValue(layout!.specs[i] ?? null, c)), reason: result });
        } else {
          chunk.ok.push(result);
          chunk.okRows.push(r);
          chunk.kids.push(kids);
        }
        if (chunk.ok.length + chunk.bad.length >= config.chunkRows) await commit();
      }
      // Only the first tab is imported here; sub-table tabs were staged beforehand.
      break;
    }
    if (!found) throw new JobFailure('Excel文件中没有工作表');
    await commit();
    if (inflight) await inflight;
    return layout ?? resolveLayout(table, settings, headerCells);
  } finally {
    // Never leave a chunk's transaction running past the job.
    if (inflight) await (inflight as Promise<void>).catch(() => undefined);
  }
}

/**
 * The error workbook (rejected rows in the sheet's own layout, plus a reason column, and the
 * children left over in their sub-table sheets) and the outcome.
 */
async function finishImport(deps: JobDeps, job: JobRow, lease: JobLease, formName: string, layout: SheetLayout, progress: Progress, withChildren: FormModel | null) {
  const { ctx } = deps;
  const requester = paramsOf(job).requester;
  if (progress.okRows + progress.badRows === 0) throw new JobFailure('导入文件中没有数据');
  const orphans = withChildren ? await orphanChildren(ctx.db, job.id) : 0;
  if (progress.badRows === 0 && orphans === 0) {
    const ok = await finishJob(ctx.db, job, lease, { state: 'success', reason: null });
    if (!ok) throw new LeaseLostError();
    return;
  }
  const temp = await tempPath(deps.tempDir, '.xlsx.part');
  let storedKey: string | null = null;
  try {
    await writeErrorWorkbook(ctx.db, job.id, layout, temp, withChildren);
    const stored = await storeTemp(deps.storage, temp);
    storedKey = stored.key;
    let reason = `共 ${progress.okRows + progress.badRows} 行，成功导入 ${progress.okRows} 行，${progress.badRows} 行未导入`;
    if (orphans > 0) reason += `；子表中 ${orphans} 行的主表行号无效，未导入`;
    const ok = await finishJob(ctx.db, job, lease, { state: 'part_success', reason }, async (trx) => {
      // Spec 002 §4: the workbook is named after the form (the download path still says {code}_error).
      const row = await insertJobFile(trx, stored, `${formName}_error.xlsx`, requester);
      return { errorFileId: row.id };
    });
    if (!ok) throw new LeaseLostError();
    storedKey = null;
  } finally {
    await fs.rm(temp, { force: true });
    if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
  }
}

async function writeErrorWorkbook(db: Kysely<Database>, jobId: string, layout: SheetLayout, temp: string, withChildren: FormModel | null): Promise<void> {
  const { settings, headers } = layout;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: false, useSharedStrings: false });
  const ws = book.addWorksheet('未导入的数据');
  const width = headers.length;
  if (settings.startRow >= 2) {
    const values: Array<string | undefined> = [];
    headers.forEach((h, i) => (values[settings.startColumn + i] = escapeFormula(h)));
    values[settings.startColumn + width] = REASON_TITLE;
    values[settings.startColumn + width + 1] = '原行号';
    ws.getRow(settings.startRow - 1).values = values;
    ws.getRow(settings.startRow - 1).commit();
  }
  let rowNo = settings.startRow;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('form_import_error')
      .select(['row_no', 'values', 'reason'])
      .where('job_id', '=', jobId)
      .where('row_no', '>', after)
      .orderBy('row_no')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const kept = Array.isArray(r.values) ? (r.values as Json[]) : [];
      const values: Array<Json | undefined> = [];
      for (let i = 0; i < width; i++) {
        const v = kept[i] ?? null;
        values[settings.startColumn + i] = typeof v === 'string' ? escapeFormula(v) : v;
      }
      values[settings.startColumn + width] = escapeFormula(r.reason);
      values[settings.startColumn + width + 1] = r.row_no;
      const row = ws.getRow(rowNo++);
      row.values = values;
      row.commit();
    }
    after = rows[rows.length - 1]!.row_no;
    await drainSheet(ws);
  }
  ws.commit();
  if (withChildren) {
    for (const sub of withChildren.subs.values()) await writeLeftoverChildren(db, jobId, book, sub, settings.startRow);
  }
  await book.commit();
}
