import type { Worksheet } from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { escapeFormula, type StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import type { FormModel, TableModel, WriteContext } from '../form/worker.ts';
import { cellText, ImportLookups, type CellValue } from './cellCodec.ts';
import { importColumnsByHeader, type ColumnSpec } from './columns.ts';
import { JobFailure, PARENT_ROW_HEADER, REASON_TITLE, sheetNameOf } from './jobCommon.ts';
import type { JobLease } from './jobLease.ts';
import { cellsOf, convertRow, defaultsFor, headerCellsOf, keptValue, type Json } from './rowCells.ts';
import { workbookTabs, type WorkbookTab } from './workbookTabs.ts';
import { EXCEL_MAX_ROW } from './xlsxGuard.ts';

/*
 * Sub-table sheets of an import. A workbook may carry, after its main sheet, one sheet per
 * sub-table — named after it, as an export writes them — whose first column 主表行号 is the row of
 * the parent record in the main sheet. A record and its children are imported together: a child
 * that fails its rules rejects its parent, which goes to the error workbook with all its children.
 *
 * The sheets are staged in form_import_child before the main sheet is read (one pass over the
 * file, in its own transactions; `children_staged` marks the end, so a crash restages). Each
 * chunk of the main sheet then reads its rows' children from there and deletes those it imports
 * in its own transaction; what is left at the end was not imported.
 */

const STAGE_BATCH = 1000;
/** Main-sheet rows whose children are read from the staging table in one query. */
const WINDOW_ROWS = 2000;

/** The form's sub-tables by the name of the sheet that carries them. */
export function subTablesByTab(model: FormModel): Map<string, TableModel> {
  const out = new Map<string, TableModel>();
  for (const sub of model.subs.values()) {
    for (const name of [sheetNameOf(sub.name), sub.name, sub.subKey ?? '']) if (name && !out.has(name)) out.set(name, sub);
  }
  return out;
}

function parentRowOf(cell: CellValue): number | null {
  const text = cell === null ? '' : cellText(cell).trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= EXCEL_MAX_ROW ? n : null;
}

/**
 * Stages the sub-table sheets of the workbook (skipping `mainSheet`) unless an earlier run of the
 * job finished doing so. Returns whether the form has sub-tables with staged rows.
 */
export async function stageChildren(
  db: Kysely<Database>,
  lease: JobLease,
  model: FormModel,
  file: string,
  workbook: { sheetName: string | null; tabNames: string[] },
  maxRows: number,
  alreadyStaged: boolean,
): Promise<boolean> {
  const mainSheet = workbook.sheetName;
  // Without a tab named after a sub-table there is nothing to stage: the file is not read twice.
  const tabs = subTablesByTab(model);
  if (!workbook.tabNames.some((name, i) => i > 0 && tabs.has(name))) return false;
  if (!alreadyStaged) {
    await db.deleteFrom('form_import_child').where('job_id', '=', lease.jobId).execute();
    const seen = new Set<string>();
    let first = true;
    for await (const tab of workbookTabs(file)) {
      const isMain = mainSheet === null ? first : tab.name === mainSheet;
      first = false;
      const sub = isMain ? undefined : tabs.get(tab.name);
      if (!sub || seen.has(sub.subKey!)) continue;
      seen.add(sub.subKey!);
      await stageTab(db, lease, sub, tab, maxRows);
    }
    const r = await db
      .updateTable('form_import_export')
      .set({ children_staged: true })
      .where('id', '=', lease.jobId)
      .where('lease_owner', '=', lease.owner)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) lease.lost = true;
    lease.assertHeld();
  }
  const any = await db.selectFrom('form_import_child').select('row_no').where('job_id', '=', lease.jobId).limit(1).executeTakeFirst();
  return any !== undefined;
}

async function stageTab(
  db: Kysely<Database>,
  lease: JobLease,
  sub: TableModel,
  tab: WorkbookTab,
  maxRows: number,
) {
  let specs: Array<ColumnSpec | null> | null = null;
  let batch: Array<{ row_no: number; parent_row: number | null; cells: Json[] }> = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    lease.assertHeld();
    await sql`
      insert into form_import_child (job_id, sub_key, row_no, parent_row, cells)
      select ${lease.jobId}::bigint, ${sub.subKey}, x.row_no, x.parent_row, x.cells
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(row_no integer, parent_row integer, cells jsonb)`.execute(db);
    batch = [];
  };
  for await (const row of tab.rows) {
    const r = row.number;
    if (!(r >= 1 && r <= EXCEL_MAX_ROW)) throw new JobFailure(`子表「${sub.name}」：单元格位置超出工作表范围`);
    if (r === 1) {
      const header = headerCellsOf(row, 1, tab.strings).map((c) => (c === null ? '' : cellText(c).trim()));
      if (header[0]?.replace(/^\*/, '') !== PARENT_ROW_HEADER) throw new JobFailure(`子表「${sub.name}」的第一列应为“${PARENT_ROW_HEADER}”`);
      specs = importColumnsByHeader(sub, header.slice(1));
      batch.push({ row_no: 1, parent_row: null, cells: header.slice(1) });
      continue;
    }
    if (!specs) throw new JobFailure(`子表「${sub.name}」的第一行应为表头`);
    const cells = cellsOf(row, 1, specs.length + 1, tab.strings);
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    if (++count > maxRows) throw new JobFailure(`子表「${sub.name}」的数据超过最大行数限制（${maxRows} 行）`);
    batch.push({ row_no: r, parent_row: parentRowOf(cells[0]!), cells: cells.slice(1).map((c, i) => keptValue(specs![i] ?? null, c)) });
    if (batch.length >= STAGE_BATCH) await flush();
  }
  await flush();
}

interface SubContext {
  table: TableModel;
  specs: Array<ColumnSpec | null>;
  lookups: ImportLookups;
  defaults: StoredRow;
}

export interface StagedChild {
  subKey: string;
  rowNo: number;
  parentRow: number;
  cells: Json[];
}

/** A parent's children converted and validated, or why the parent is rejected. */
export type ChildrenOutcome = { ok: Array<{ table: TableModel; row: StoredRow }> } | { error: string };

/** The staged children of the main sheet's rows, read a window at a time as the sheet goes on. */
export class StagedChildren {
  private window = new Map<number, StagedChild[]>();
  private windowEnd = 0;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly jobId: string,
    private readonly subs: Map<string, SubContext>,
  ) {}

  static async open(db: Kysely<Database>, jobId: string, model: FormModel, auth: AuthContext, currentDate: string): Promise<StagedChildren> {
    const headers = await db.selectFrom('form_import_child').select(['sub_key', 'cells']).where('job_id', '=', jobId).where('row_no', '=', 1).execute();
    const subs = new Map<string, SubContext>();
    for (const h of headers) {
      const table = model.subs.get(h.sub_key);
      if (!table) continue;
      const specs = importColumnsByHeader(table, (h.cells as string[]).map(String));
      subs.set(h.sub_key, { table, specs, lookups: await ImportLookups.load(db, specs), defaults: defaultsFor(table, specs, auth, currentDate) });
    }
    return new StagedChildren(db, jobId, subs);
  }

  /** The children staged for main-sheet row `rowNo`; rows must be asked for in ascending order. */
  async of(rowNo: number): Promise<StagedChild[]> {
    if (rowNo > this.windowEnd) {
      const from = rowNo - 1;
      this.windowEnd = from + WINDOW_ROWS;
      const rows = await this.db
        .selectFrom('form_import_child')
        .select(['sub_key', 'row_no', 'parent_row', 'cells'])
        .where('job_id', '=', this.jobId)
        .where('parent_row', '>', from)
        .where('parent_row', '<=', this.windowEnd)
        .orderBy('parent_row')
        .orderBy('sub_key')
        .orderBy('row_no')
        .execute();
      this.window = new Map();
      for (const r of rows) {
        const list = this.window.get(r.parent_row!) ?? [];
        list.push({ subKey: r.sub_key, rowNo: r.row_no, parentRow: r.parent_row!, cells: r.cells as Json[] });
        this.window.set(r.parent_row!, list);
      }
    }
    return this.window.get(rowNo) ?? [];
  }

  convert(children: StagedChild[], wctx: WriteContext): ChildrenOutcome {
    const ok: Array<{ table: TableModel; row: StoredRow }> = [];
    for (const child of children) {
      const sub = this.subs.get(child.subKey);
      if (!sub) continue;
      const result = convertRow(sub.table, sub.specs, child.cells as CellValue[], sub.lookups, sub.defaults, wctx);
      if (typeof result === 'string') return { error: `子表「${sub.table.name}」第${child.rowNo}行：${result}` };
      ok.push({ table: sub.table, row: result });
    }
    return { ok };
  }
}

/** Staged children left after the main sheet that belong to no rejected record: their 主表行号 named no row. */
export async function orphanChildren(db: Kysely<Database>, jobId: string): Promise<number> {
  const r = await sql<{ n: string }>`
    select count(*) as n
    from form_import_child c
    left join form_import_error e on e.job_id = c.job_id and e.row_no = c.parent_row
    where c.job_id = ${jobId} and c.row_no > 1 and e.row_no is null`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Why a child with no imported or rejected parent was left out. */
export const ORPHAN_REASON = '主表行号无效：主表中没有该行，或该行为空';

/**
 * A sub-table's sheet of the error workbook: its children that were not imported, 主表行号
 * renumbered to their parent's row in the error workbook's main sheet (rejected rows are written
 * there in order from `startRow`), so the corrected workbook imports as it is. Children of no
 * parent keep the number they had, with the reason.
 */
export async function writeLeftoverChildren(
  db: Kysely<Database>,
  jobId: string,
  book: { addWorksheet(name: string): Worksheet },
  sub: TableModel,
  startRow: number,
): Promise<void> {
  const header = await db
    .selectFrom('form_import_child')
    .select('cells')
    .where('job_id', '=', jobId)
    .where('sub_key', '=', sub.subKey!)
    .where('row_no', '=', 1)
    .executeTakeFirst();
  if (!header) return;
  const texts = (header.cells as unknown[]).map(String);
  const ws = book.addWorksheet(sheetNameOf(sub.name));
  const title: string[] = [];
  [PARENT_ROW_HEADER, ...texts, REASON_TITLE].forEach((h, i) => (title[1 + i] = escapeFormula(h)));
  ws.getRow(1).values = title;
  ws.getRow(1).commit();
  let rowNo = 2;
  let after = 1;
  for (;;) {
    const rows = await sql<{ row_no: number; parent_row: number | null; cells: Json[]; rn: number | null }>`
      select c.row_no, c.parent_row, c.cells, e.rn
      from form_import_child c
      left join (select row_no, (row_number() over (order by row_no))::int as rn from form_import_error where job_id = ${jobId}) e
        on e.row_no = c.parent_row
      where c.job_id = ${jobId} and c.sub_key = ${sub.subKey} and c.row_no > ${after}
      order by c.row_no
      limit 5000`.execute(db);
    if (rows.rows.length === 0) break;
    for (const r of rows.rows) {
      const values: Array<Json | undefined> = [];
      values[1] = r.rn !== null ? startRow + r.rn - 1 : r.parent_row;
      texts.forEach((_, i) => {
        const v = r.cells[i] ?? null;
        values[2 + i] = typeof v === 'string' ? escapeFormula(v) : v;
      });
      values[2 + texts.length] = r.rn !== null ? null : ORPHAN_REASON;
      const row = ws.getRow(rowNo++);
      row.values = values;
      row.commit();
    }
    after = rows.rows[rows.rows.length - 1]!.row_no;
  }
  ws.commit();
}
