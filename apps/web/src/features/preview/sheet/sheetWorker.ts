import ExcelJS from 'exceljs';
import { cellText } from './cellText.ts';
import { DEFAULT_COL_WIDTH, type CellStyle, type SheetModel, type SheetWorkerReply, type WorkbookModel } from './model.ts';
import { quickWorkbook } from './quickWorkbook.ts';

/*
 * Parses a workbook with exceljs off the main thread, so the page stays responsive, and turns it
 * into texts and a style table for the grid. A big workbook is answered twice: first its first
 * rows (parsed from a cut-down copy), then everything.
 */

const QUICK_ROWS = 200;

interface Argb {
  argb?: string;
}

function rgb(color: unknown): string | undefined {
  const argb = (color as Argb | undefined)?.argb;
  if (typeof argb !== 'string' || !/^[0-9a-f]{6,8}$/i.test(argb)) return undefined;
  return `#${argb.slice(-6).toLowerCase()}`;
}

class StyleTable {
  readonly list: CellStyle[] = [{}];
  private readonly index = new Map<string, number>([['{}', 0]]);

  idOf(style: Partial<ExcelJS.Style> | undefined): number {
    if (!style) return 0;
    const s: CellStyle = {};
    const font = style.font;
    if (font) {
      if (font.bold) s.bold = true;
      if (font.italic) s.italic = true;
      if (font.underline) s.underline = true;
      if (font.strike) s.strike = true;
      const c = rgb(font.color);
      if (c && c !== '#000000') s.color = c;
      if (font.size && font.size !== 11) s.size = font.size;
    }
    const fill = style.fill;
    if (fill && fill.type === 'pattern' && fill.pattern === 'solid') {
      const bg = rgb(fill.fgColor);
      if (bg && bg !== '#ffffff') s.background = bg;
    }
    const a = style.alignment;
    if (a) {
      if (a.horizontal === 'left' || a.horizontal === 'center' || a.horizontal === 'right') s.align = a.horizontal;
      else if (a.horizontal === 'centerContinuous') s.align = 'center';
      if (a.vertical === 'top' || a.vertical === 'bottom') s.valign = a.vertical;
      else if (a.vertical === 'middle') s.valign = 'middle';
      if (a.wrapText) s.wrap = true;
    }
    const key = JSON.stringify(s);
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(s);
      this.index.set(key, id);
    }
    return id;
  }
}

function sheetModel(ws: ExcelJS.Worksheet, styles: StyleTable): SheetModel {
  const texts: SheetModel['texts'] = [];
  const cellStyles: SheetModel['styles'] = [];
  let rowCount = 0;
  let colCount = 0;
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    const t: string[] = [];
    let st: number[] | undefined;
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      if (cell.type === ExcelJS.ValueType.Merge) return;
      const text = cellText(cell.value, cell.numFmt);
      const sid = styles.idOf(cell.style);
      if (text) t[c - 1] = text;
      if (sid) (st ??= [])[c - 1] = sid;
      if ((text || sid) && c > colCount) colCount = c;
    });
    texts[r - 1] = t;
    if (st) cellStyles[r - 1] = st;
    rowCount = r;
  });
  const merges = Object.values((ws as unknown as { _merges?: Record<string, { top: number; left: number; bottom: number; right: number }> })._merges ?? {}).map(
    (m) => ({ top: m.top - 1, left: m.left - 1, bottom: m.bottom - 1, right: m.right - 1 }),
  );
  for (const m of merges) {
    rowCount = Math.max(rowCount, m.bottom + 1);
    colCount = Math.max(colCount, m.right + 1);
  }
  const colWidths: number[] = [];
  for (let c = 1; c <= Math.max(colCount, 1); c++) {
    const col = ws.getColumn(c);
    const w = col.hidden ? 0 : col.width ? Math.round(col.width * 7 + 5) : DEFAULT_COL_WIDTH;
    colWidths.push(Math.max(col.hidden ? 0 : 24, Math.min(600, w)));
  }
  const view = ws.views?.[0] as { state?: string; ySplit?: number } | undefined;
  const ySplit = view?.state === 'frozen' && view.ySplit ? Math.floor(view.ySplit) : 0;
  // The sheet's own frozen rows; otherwise its first row is taken as the header and frozen.
  const frozenRows = Math.min(ySplit || (rowCount > 1 ? 1 : 0), 10, rowCount);
  return { name: ws.name, rowCount, colCount, colWidths, frozenRows, texts, styles: cellStyles, merges };
}

async function modelOf(data: ArrayBuffer | Uint8Array): Promise<WorkbookModel> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ArrayBuffer);
  const styles = new StyleTable();
  const sheets = wb.worksheets
    .filter((ws) => ws.state !== 'hidden' && ws.state !== 'veryHidden')
    .map((ws) => sheetModel(ws, styles));
  return { sheets, styles: styles.list };
}

/* Typed against the DOM lib the app compiles with; in a worker, self.postMessage answers the page. */
const post = (reply: SheetWorkerReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  const buffer = event.data;
  try {
    const quick = await quickWorkbook(buffer, QUICK_ROWS).catch(() => null);
    if (quick) post({ kind: 'partial', model: await modelOf(quick), rows: QUICK_ROWS });
    post({ kind: 'full', model: await modelOf(buffer) });
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
