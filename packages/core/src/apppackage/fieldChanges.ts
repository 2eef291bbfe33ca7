import { flattenControls, storageColumns, subTableChildren, subTablesOf } from '../form/walk.ts';
import type { FormMeta } from '../form/types.ts';

/* The fields a form's upgrade adds, by the designer's labels (导入预览 lists them). */

/** The label of a stored column in a design: the control's name. */
export function fieldLabel(meta: FormMeta, subKey: string | null, column: string): string {
  const source = subKey === null ? meta : subTablesOf(meta).find((t) => t.model === subKey);
  if (!source) return column;
  const controls = subKey === null ? flattenControls(meta) : flattenControls(subTableChildren(source as never));
  const c = controls.find((x) => x.model === column);
  return typeof c?.name === 'string' && c.name ? c.name : column;
}

export function addedFields(before: FormMeta, after: FormMeta): string[] {
  const a = storageColumns(before);
  const b = storageColumns(after);
  const had = new Set([...a.main.map((c) => `:${c.name}`), ...a.subTables.flatMap((s) => s.columns.map((c) => `${s.subKey}:${c.name}`))]);
  const out: string[] = [];
  for (const c of b.main) if (!had.has(`:${c.name}`)) out.push(fieldLabel(after, null, c.name));
  for (const s of b.subTables) for (const c of s.columns) if (!had.has(`${s.subKey}:${c.name}`)) out.push(`${s.name}.${fieldLabel(after, s.subKey, c.name)}`);
  return out;
}
