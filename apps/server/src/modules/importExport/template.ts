import type { Kysely } from 'kysely';
import type { Worksheet } from 'exceljs';
import ExcelJS from './excel.ts';
import { definitionOf, isRequired, str, tableWidgetOf, v2Widgets, widgetData, widgetTypeOf, type SheetChoices } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { FormModel, TableModel } from '../form/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { importColumns, type ColumnSpec } from './columns.ts';
import { PARENT_ROW_HEADER, sheetNameOf } from './jobCommon.ts';
import { importSettingsOf, type ImportSettings } from './settings.ts';
import { addDropDown, ChoiceSheet, columnChoices } from './templateChoices.ts';

export const WIDGET_NOT_FOUND = '表格控件不存在';
const GUIDE_SHEET = '填写说明';

/** Who asks, for the lists that depend on the tenant (dictionaries). */
export interface TemplateSource {
  db: Kysely<Database>;
  companyId: string | null;
}

/** What a person must know to fill one column, shown as the header's note and on the 填写说明 sheet. */
export function columnHint(spec: ColumnSpec): string {
  const c = spec.control;
  if (!c) return '';
  const parts: string[] = [];
  if (isRequired(c)) parts.push('必填');
  // The control's own note (core definition's sheet half): formats, options, names to give.
  const hint = spec.family === 'system' ? null : (definitionOf(c)?.sheet.hint(c) ?? null);
  if (hint) parts.push(hint);
  return parts.join('；');
}

/** The widget's shown columns (`data.cols`, the origin's `$seq`/`$opt` markers left out) that an import reads. */
function widgetColumns(table: TableModel, widget: Record<string, unknown>): ColumnSpec[] {
  const cols = widgetData(widget).cols;
  const keys = (Array.isArray(cols) ? cols : [])
    .map((c) => str(typeof c === 'object' && c !== null ? (c as Record<string, unknown>).key ?? (c as Record<string, unknown>).model : c).trim())
    .filter((k) => k !== '' && !k.startsWith('$'));
  // Headers are the controls' own names, which an import without a configured layout matches on.
  const shown = importColumns(table, keys.map((key) => ({ key, name: '' }))).filter((s): s is ColumnSpec => s !== null);
  if (shown.length === 0) return [];
  // A required field the table does not show still has to be filled, or every row would be refused.
  const have = new Set(shown.map((s) => s.key));
  const required = importColumns(table, null).filter((s): s is ColumnSpec => s !== null && !have.has(s.key) && s.control !== null && isRequired(s.control));
  return [...shown, ...required];
}

/**
 * The main sheet's layout: the import settings an import of the same call reads (the table
 * widget's, when one is named). A named widget without its own import columns lists its shown
 * columns under the controls' names, which such an import matches by header. 404 for a widget id
 * that names no table widget of the form.
 */
export function templateLayout(model: FormModel, widgetId: string | null): { settings: ImportSettings; specs: Array<ColumnSpec | null> } {
  const settings = importSettingsOf(model.meta, widgetId);
  if (widgetId === null) return { settings, specs: importColumns(model.main, settings.columns) };
  const v2 = model.meta.sensorSettingsV2;
  const widget = v2Widgets(v2).find((w) => widgetTypeOf(w) === 'tableReportWidget' && str(w.id).trim() === widgetId);
  if (!widget || tableWidgetOf(v2, widgetId) !== widget) throw notFound(WIDGET_NOT_FOUND);
  if (settings.columns) return { settings, specs: importColumns(model.main, settings.columns) };
  const shown = widgetColumns(model.main, widget);
  return { settings, specs: shown.length > 0 ? shown : importColumns(model.main, null) };
}

/**
 * The import template (GET exportFormTemplate/{formId} and /{formId}&{widgetId}): the import
 * layout's headers in the row above startRow, each with a note saying how to fill it (required,
 * options, formats) and, where the values are known, a drop-down; a sheet with the same
 * instructions. No sample row: the template imports as it is.
 */
export async function buildTemplate(model: FormModel, source: TemplateSource, widgetId: string | null = null): Promise<Buffer> {
  const { settings, specs } = templateLayout(model, widgetId);
  const book = new ExcelJS.Workbook();
  book.creator = '封闭园区低代码平台';
  const subs = [...model.subs.values()].map((sub) => ({ sub, specs: importColumns(sub, null) })).filter((x) => x.specs.length > 0);
  const lists = new ChoiceSheet([sheetNameOf(model.formName), ...subs.map((x) => sheetNameOf(x.sub.name)), GUIDE_SHEET]);
  const main = book.addWorksheet(sheetNameOf(model.formName));
  writeHeaderRow(main, specs, settings.startRow - 1, settings.startColumn);
  addDropDowns(main, lists, specs, await columnChoices(source.db, specs, source.companyId), settings.startRow, settings.startColumn);
  for (const { sub, specs: subSpecs } of subs) {
    const ws = book.addWorksheet(sheetNameOf(sub.name));
    writeHeaderRow(ws, subSpecs, 1, 2);
    addDropDowns(ws, lists, subSpecs, await columnChoices(source.db, subSpecs, source.companyId), 2, 2);
    const link = ws.getCell(1, 1);
    link.value = PARENT_ROW_HEADER;
    link.font = { bold: true, color: { argb: 'FFC0392B' } };
    link.note = `必填；该行所属的“${model.formName}”数据在第一个工作表中的行号（如 ${settings.startRow}）`;
    ws.getColumn(1).width = 12;
  }

  const guide = book.addWorksheet(GUIDE_SHEET);
  guide.getColumn(1).width = 24;
  guide.getColumn(2).width = 80;
  const lines: Array<[string, string]> = [
    ['说明', `请在第一个工作表中从第 ${settings.startRow} 行起逐行填写数据，不要修改表头。`],
    ...(subs.length > 0
      ? [['子表', `子表数据填写在以子表名称命名的工作表中（${subs.map((x) => x.sub.name).join('、')}），第一列“${PARENT_ROW_HEADER}”填写所属数据在第一个工作表中的行号；子表数据有误时，所属数据整行不导入。`] as [string, string]]
      : []),
    ['选项与名称', '有下拉列表的列请从列表中选择；字典、组织、用户等请填写显示名称，系统会自动转换；多个值用“、”分隔。'],
    ['日期', '日期可填写为 Excel 日期或文本（如 2026-11-21）。'],
    ['错误处理', '不符合规则的行不会导入，系统会生成“错误数据”文件，修改后可再次导入。'],
    ['', ''],
    ['字段', '填写要求'],
    ...specs.flatMap((s): Array<[string, string]> => (s ? [[s.header, columnHint(s) || '文本']] : [])),
  ];
  for (const [a, b] of lines) guide.addRow([a, b]);
  guide.getRow(1).font = { bold: true };
  guide.getRow(lines.findIndex(([a]) => a === '字段') + 1).font = { bold: true };
  lists.finish(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function addDropDowns(ws: Worksheet, lists: ChoiceSheet, specs: ReadonlyArray<ColumnSpec | null>, choices: ReadonlyArray<SheetChoices | null>, firstRow: number, startColumn: number): void {
  specs.forEach((spec, i) => {
    const c = choices[i];
    if (spec && c) addDropDown(ws, lists, c, startColumn + i, firstRow, spec.header);
  });
}

/** Header cells with the filling notes, required ones in red, and the header row frozen. */
function writeHeaderRow(ws: Worksheet, specs: ReadonlyArray<ColumnSpec | null>, headerRow: number, startColumn: number): void {
  specs.forEach((spec, i) => {
    const col = startColumn + i;
    ws.getColumn(col).width = Math.min(40, Math.max(12, (spec?.header.length ?? 4) * 2 + 6));
    if (!spec || headerRow < 1) return;
    const cell = ws.getCell(headerRow, col);
    cell.value = spec.header;
    cell.font = { bold: true, color: spec.control && isRequired(spec.control) ? { argb: 'FFC0392B' } : undefined };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    const hint = columnHint(spec);
    if (hint) cell.note = hint;
  });
  if (headerRow >= 1) ws.views = [{ state: 'frozen', ySplit: headerRow }];
}
