import { traitsOf } from '../form/registry.ts';
import { isRecord } from '../form/lib/values.ts';
import { flattenControls, subTableChildren, subTablesOf } from '../form/walk.ts';
import type { FormControl, FormMeta } from '../form/types.ts';

/*
 * The places a design names another form (the same traits tenant/formDepends.ts reads): a
 * `dsConf.formId` and a picker's `maps.source.table` (form_<id> or form_<id>__<subKey>). Export
 * writes them as `@form:<code>`, import writes the installation's ids back.
 */

/** `ref` is what names the form: an id, or `@form:<code>`. Null: leave it (the caller counts it). */
export type RefMapper = (ref: string) => string | null;

const TABLE = /^(?:form_([1-9]\d{0,15})|(@form:[A-Za-z][A-Za-z0-9_]{0,39}))(__[A-Za-z][A-Za-z0-9_]*)?$/;

function controlsOf(meta: FormMeta): FormControl[] {
  const main = flattenControls(meta);
  return [...main, ...subTablesOf(meta).flatMap((sub) => flattenControls(subTableChildren(sub)))];
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/**
 * A copy of `meta` with every form reference mapped. `unmapped` lists the references the mapper
 * refused (a form outside the package, a malformed table name), so a caller can refuse them.
 */
export function mapFormRefs(meta: FormMeta, map: RefMapper, asTable: (ref: string) => string = (r) => r): { meta: FormMeta; unmapped: string[] } {
  const copy = JSON.parse(JSON.stringify(meta)) as FormMeta;
  const unmapped: string[] = [];
  for (const control of controlsOf(copy)) {
    const where = traitsOf(control).formSource;
    const options = isRecord(control.options) ? control.options : null;
    if (!options) continue;
    if (where === 'dsConf' && isRecord(options.dsConf)) {
      const ref = text(options.dsConf.formId);
      if (!ref) continue;
      const to = map(ref);
      if (to === null) unmapped.push(ref);
      else options.dsConf.formId = to;
    }
    if (where === 'mapsSource' && isRecord(options.maps) && isRecord(options.maps.source)) {
      const source = options.maps.source;
      if (text(source.datasource)) continue; // a data source, not a form
      const table = text(source.table);
      if (!table) continue;
      const m = TABLE.exec(table);
      const to = m ? map(m[1] ?? m[2]!) : null;
      if (to === null) unmapped.push(table);
      else source.table = `${asTable(to)}${m![3] ?? ''}`;
    }
  }
  return { meta: copy, unmapped };
}

/** The form codes a packaged design names. */
export function packagedFormRefs(meta: FormMeta): string[] {
  const found = new Set<string>();
  mapFormRefs(meta, (ref) => {
    if (ref.startsWith('@form:')) found.add(ref.slice(6));
    return ref;
  });
  return [...found];
}
