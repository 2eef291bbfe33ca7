import { decodeRecord, definitionOf, isSubTable, type FormControl, type FormMeta, type FormValues } from '@park/core';

/*
 * A scanned entry's view of the form (issue 39, ADR 0055): fields it locks drawn disabled, fields
 * it does not show left out. The server applies the same entry rules, so this is only the drawing.
 */

const modelOf = (c: FormControl): string => (typeof c.model === 'string' ? c.model : '');

function mapControls(list: FormControl[], visit: (c: FormControl) => FormControl | null): FormControl[] {
  const out: FormControl[] = [];
  for (const c of list) {
    const next = visit(c);
    if (!next) continue;
    // Grids hold their fields in columns[].list; the entry's rules reach them too.
    const columns = (next as { columns?: unknown }).columns;
    if (Array.isArray(columns)) {
      out.push({ ...next, columns: columns.map((col: { list?: FormControl[] }) => ({ ...col, list: mapControls(col.list ?? [], visit) })) } as FormControl);
    } else out.push(next);
  }
  return out;
}

/** A sub-table as the entry shows it: its shown columns (null: all). */
export type ShownSubTables = ReadonlyMap<string, ReadonlySet<string> | null>;

/**
 * The meta with `locked` fields disabled and, when `visible` is given, only those fields kept;
 * with `subs`, only those sub-tables, each cut to its shown columns.
 */
export function entryMeta(meta: FormMeta, locked: ReadonlySet<string>, visible: ReadonlySet<string> | null, subs?: ShownSubTables): FormMeta {
  const list = mapControls(meta.list, (c) => {
    const m = modelOf(c);
    if (subs && isSubTable(c)) {
      if (!subs.has(m)) return null;
      const columns = subs.get(m);
      const children = Array.isArray(c.tableColumns) ? (c.tableColumns as FormControl[]) : [];
      return columns ? ({ ...c, tableColumns: mapControls(children, (x) => (modelOf(x) && !columns.has(modelOf(x)) ? null : x)) } as FormControl) : c;
    }
    if (m && visible && !visible.has(m)) return null;
    if (m && locked.has(m)) return { ...c, options: { ...(c.options ?? {}), disabled: true } } as FormControl;
    return c;
  });
  return { ...meta, list };
}

/** The entry's presets (stored text) in the editor's shape. */
export const presetValues = (meta: FormMeta, presets: Record<string, string>): FormValues => decodeRecord(meta, presets, true);

/**
 * The anonymous page's upload controls pointed at 免登录填报's upload, with the live challenge: the
 * server ties each file to it, and the add answering it may carry only those files (ADR 0061).
 */
export function anonymousUploads(meta: FormMeta, token: string, challengeId: string | null): FormMeta {
  if (!challengeId) return meta;
  const action = `/apc/qr/upload/${encodeURIComponent(token)}?challengeId=${challengeId}`;
  return { ...meta, list: mapControls(meta.list, (c) => (definitionOf(c)?.family === 'upload' ? ({ ...c, options: { ...(c.options ?? {}), action } } as FormControl) : c)) };
}
