import type { ReportQuery } from './widgetQuery.ts';

export interface PivotResult {
  /** One row per combination of row dimensions; cells keyed `<column values joined by |>|<measure key>`. */
  rows: Array<Record<string, unknown>>;
  /** The column headers in order: the column dimensions' values of each header. */
  columns: Array<{ key: string; values: unknown[] }>;
}

const SEP = '|';

/** A cross table from grouped rows (row dims + column dims + measures), keeping first-seen order. */
export function pivot(query: Pick<ReportQuery, 'dims' | 'columnDims' | 'measures'>, rows: Array<Record<string, unknown>>): PivotResult {
  const out = new Map<string, Record<string, unknown>>();
  const columns = new Map<string, unknown[]>();
  for (const r of rows) {
    const rowKey = JSON.stringify(query.dims.map((d) => r[d.key]));
    let target = out.get(rowKey);
    if (!target) {
      target = Object.fromEntries(query.dims.map((d) => [d.key, r[d.key]]));
      out.set(rowKey, target);
    }
    const values = query.columnDims.map((d) => r[d.key]);
    const colKey = values.map((v) => (v === null || v === undefined ? '' : String(v))).join(SEP);
    if (!columns.has(colKey)) columns.set(colKey, values);
    for (const m of query.measures) target[query.columnDims.length ? `${colKey}${SEP}${m.key}` : m.key] = r[m.key];
  }
  return { rows: [...out.values()], columns: [...columns].map(([key, values]) => ({ key, values })) };
}
