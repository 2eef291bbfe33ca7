import type { Worksheet } from 'exceljs';
import ExcelJS from './excel.ts';
import { definitionOf, isRequired } from '@park/core';
import type { FormModel } from '../form/index.ts';
import { importColumns, type ColumnSpec } from './columns.ts';
import { PARENT_ROW_HEADER, sheetNameOf } from './jobCommon.ts';
import { importSettingsOf } from './settings.ts';

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

/**
 * The import template (GET exportFormTemplate/{formId}): the import layout's headers in the row
 * above startRow, each with a note saying how to fill it (required, options, formats), and a
 * second sheet with the same instructions. No sample row: the template imports as it is.
 */
export async function buildTemplate(model: FormModel): Promise<Buffer> {
  const settings = importSettingsOf(model.meta);
  const specs = importColumns(model.main, settings.columns);
  const book = new ExcelJS.Workbook();
  book.creator = '封闭园区低代码平台';
  writeHeaderRow(book.addWorksheet(sheetNameOf(model.formName)), specs, settings.startRow - 1, settings.startColumn);
  const subs = [...model.subs.values()].map((sub) => ({ sub, specs: importColumns(sub, null) })).filter((x) => x.specs.length > 0);
  for (const { sub, specs: subSpecs } of subs) {
    const ws = book.addWorksheet(sheetNameOf(sub.name));
    writeHeaderRow(ws, subSpecs, 1, 2);
    const link = ws.getCell(1, 1);
    link.value = PARENT_ROW_HEADER;
    link.font = { bold: true, color: { argb: 'FFC0392B' } };
    link.note = `必填；该行所属的“${model.formName}”数据在第一个工作表中的行号（如 ${settings.startRow}）`;
    ws.getColumn(1).width = 12;
  }

  const guide = book.addWorksheet('填写说明');
  guide.getColumn(1).width = 24;
  guide.getColumn(2).width = 80;
  const lines: Array<[string, string]> = [
    ['说明', `请在第一个工作表中从第 ${settings.startRow} 行起逐行填写数据，不要修改表头。`],
    ...(subs.length > 0
      ? [['子表', `子表数据填写在以子表名称命名的工作表中（${subs.map((x) => x.sub.name).join('、')}），第一列“${PARENT_ROW_HEADER}”填写所属数据在第一个工作表中的行号；子表数据有误时，所属数据整行不导入。`] as [string, string]]
      : []),
    ['选项与名称', '下拉选项、字典、组织、用户等请填写显示名称，系统会自动转换；多个值用“、”分隔。'],
    ['日期', '日期可填写为 Excel 日期或文本（如 2026-11-21）。'],
    ['错误处理', '不符合规则的行不会导入，系统会生成“错误数据”文件，修改后可再次导入。'],
    ['', ''],
    ['字段', '填写要求'],
    ...specs.flatMap((s): Array<[string, string]> => (s ? [[s.header, columnHint(s) || '文本']] : [])),
  ];
  for (const [a, b] of lines) guide.addRow([a, b]);
  guide.getRow(1).font = { bold: true };
  guide.getRow(lines.findIndex(([a]) => a === '字段') + 1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
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
