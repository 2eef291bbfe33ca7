import type { Worksheet } from 'exceljs';
import ExcelJS from './excel.ts';
import { isRequired, STORED_FORMAT, type ControlFamily, type DateKind, type FormControl } from '@park/core';
import type { FormModel } from '../form/formModel.ts';
import { LIST_JOIN, pickerKindOf } from './cellCodec.ts';
import { importColumns, type ColumnSpec } from './columns.ts';
import { PARENT_ROW_HEADER, sheetNameOf } from './jobCommon.ts';
import { importSettingsOf } from './settings.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const PICKER_HINT: Record<string, string> = {
  user: '填写用户姓名或登录名',
  org: '填写组织名称',
  role: '填写角色名称',
  company: '填写企业名称',
  dic: '填写字典项名称',
  data: '填写数据编号',
};

function optionLabels(control: ColumnSpec['control']): string[] {
  const options = control && isObject(control.options) ? control.options : {};
  const list = Array.isArray(options.options) ? options.options : [];
  return list.filter(isObject).map((o) => String(o.label ?? o.value ?? '')).filter(Boolean).slice(0, 50);
}

/** What a person must know to fill one column, shown as the header's note and on the 填写说明 sheet. */
export function columnHint(spec: ColumnSpec): string {
  const c = spec.control;
  if (!c) return '';
  const parts: string[] = [];
  if (isRequired(c)) parts.push('必填');
  const options = isObject(c.options) ? c.options : {};
  const hint = spec.family === 'system' ? null : HINTS[spec.family](c, options);
  if (hint) parts.push(hint);
  return parts.join('；');
}

type HintOf = (c: FormControl, options: Record<string, unknown>) => string | null;
const noHint: HintOf = () => null;

/**
 * How to fill a column, per control family: a typed map over every family (issue 17), so a new
 * family does not compile until it says what its template note is.
 */
const HINTS = {
  number: () => '填写数字',
  date: (c) => `格式：${STORED_FORMAT[(c.type as DateKind) in STORED_FORMAT ? (c.type as DateKind) : 'date']}`,
  switch: (_c, options) => `填写：${String(options.openMsg || '开')}/${String(options.closeMsg || '关')}`,
  choice: (c, options) => {
    const notes: string[] = [];
    const labels = optionLabels(c);
    if (labels.length > 0) notes.push(`可选值：${labels.join(LIST_JOIN)}`);
    if (c.type === 'checkbox' || c.type === 'multiple_select' || options.multiple === true) notes.push(`可多选，用“${LIST_JOIN}”分隔`);
    return notes.join('；') || null;
  },
  picker: (c) => PICKER_HINT[pickerKindOf(c.type)]!,
  multiPicker: (c) => `${PICKER_HINT[pickerKindOf(c.type)]!}，多个用“${LIST_JOIN}”分隔`,
  region: () => '格式：省/市/区，如 湖北省/宜昌市/西陵区',
  gis: () => '格式：地址(纬度,经度)，如 发展大道(30.7,111.29)',
  text: noHint,
  upload: noHint,
  formula: noHint,
  subTable: noHint,
  layout: noHint,
} satisfies Record<ControlFamily, HintOf>;

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
