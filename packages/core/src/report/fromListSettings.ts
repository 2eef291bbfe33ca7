/**
 * The report side of spec 002 §4's conversion: a form's list settings become a table widget and,
 * when there are query conditions, a query widget above it, on a dataset over that form. The
 * settings are the form's saved advanced layout (sensorSettingsV2) or, when that is absent, its
 * old sensorSettings (core readListSettings picks); the designer applies this once, to a report
 * that has no widgets yet, and from then on the report is edited on its own.
 */
import type { ListSettings, QueryField } from '../listPage/settings.ts';
import { newAxisItem } from './axisRules.ts';
import { allColumns, type DsColumn, type DsMeta } from './dataset.ts';
import type { QueryCondition } from './interaction.ts';
import { withTableImport } from './interaction.ts';
import { REPORT_GRID, TABLE_PAGE_SIZES, WIDGET_DEFINITIONS, type Json, type ReportWidget } from './widgetDefinitions.ts';

/** How a list page's query input is asked for in the query widget. */
function conditionOf(f: QueryField, col: DsColumn, n: number): QueryCondition {
  const base = { key: `q${n}`, id: col.id, table: col.table, column: col.column, dataType: col.dataType, label: f.label || col.desc, style: { widthScale: f.span } };
  switch (f.input) {
    case 'date':
    case 'dateRange':
      return { ...base, type: 'date', opt: '$in' };
    case 'number':
    case 'numberRange':
      return { ...base, type: 'number', opt: '$eq' };
    case 'multiSelect':
      return { ...base, type: 'select', opt: '$all' };
    case 'select':
      return { ...base, type: 'select', opt: '$eq' };
    default:
      return { ...base, type: 'input', opt: f.op === '$eq' ? '$eq' : '$like' };
  }
}

export function widgetsFromListSettings(settings: ListSettings, dataset: { id: number; meta: DsMeta }, formId: number): ReportWidget[] {
  const cols = allColumns(dataset.meta);
  const table = `form_${formId}`;
  const byKey = (key: string) => cols.find((c) => c.column === key && c.table === table) ?? cols.find((c) => c.column === key);
  // Fields and columns the dataset does not carry are left out.
  const fields = settings.fields.flatMap((f) => {
    const col = byKey(f.key);
    return col ? [{ f, col }] : [];
  });
  const out: ReportWidget[] = [];
  let y = 1;
  if (fields.length > 0) {
    const q = WIDGET_DEFINITIONS.query.create({ id: 1, x: 1, y });
    const qc = fields.map(({ f, col }, i) => conditionOf(f, col, i + 1));
    out.push({ ...q, conditions: qc, num: qc.length, data: { dataset: String(dataset.id) }, layout: { columnCount: settings.columnCount } });
    y += REPORT_GRID.queryHeight;
  }
  const t = WIDGET_DEFINITIONS.table.create({ id: out.length + 1, x: 1, y });
  const tableCols = settings.columns.flatMap((c) => {
    const col = byKey(c.key);
    return col ? [newAxisItem(col, 'cols')] : [];
  });
  let data: Json = { ...(t.data ?? {}), dataset: String(dataset.id), cols: tableCols };
  if (settings.functionButtons.some((b) => b.action === 'import')) data = withTableImport(data, formId);
  const pageSize = (TABLE_PAGE_SIZES as readonly number[]).includes(settings.pageSize) ? settings.pageSize : 10;
  out.push({ ...t, data, style: { ...t.style, pageSize } });
  return out;
}
