/** What the sheet worker sends the grid: cell texts and a shared style table, nothing exceljs-specific. */

export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** #rrggbb */
  color?: string;
  background?: string;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  wrap?: boolean;
  /** points */
  size?: number;
}

export interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetModel {
  name: string;
  /** Rows and columns holding anything, 1-based counts. */
  rowCount: number;
  colCount: number;
  /** Pixel widths, index 0 = column A. */
  colWidths: number[];
  /** Rows frozen at the top (the sheet's own frozen pane, else the header row). */
  frozenRows: number;
  /** texts[r][c], 0-based; a missing row or cell is empty. */
  texts: Array<string[] | undefined>;
  /** styles[r][c]: an index into WorkbookModel.styles; 0 (or missing) is the default style. */
  styles: Array<number[] | undefined>;
  merges: Merge[];
}

export interface WorkbookModel {
  sheets: SheetModel[];
  styles: CellStyle[];
}

export type SheetWorkerReply =
  | { kind: 'partial'; model: WorkbookModel; rows: number }
  | { kind: 'full'; model: WorkbookModel }
  | { kind: 'error'; message: string };

export const DEFAULT_COL_WIDTH = 72;

export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
