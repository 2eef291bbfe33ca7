import { isRecord } from '../../../form/lib/values.ts';
import { FORM_REF_PREFIX } from '../../format.ts';

/*
 * Where report parts name installation ids (ADR 0054 part 3): a dataset column's and a widget
 * axis item's `table` (`form_<id>` or `form_<id>__<sub>`), and a widget's `dataset` (a dataset id).
 * In a package they are `@form:<code>[__<sub>]` and `@dataset:<code>`.
 */

export const DATASET_REF_PREFIX = '@dataset:';

const FORM_TABLE = /^(?:form_([1-9]\d{0,15})|@form:([A-Za-z][A-Za-z0-9_]{0,39}?))(__[A-Za-z][A-Za-z0-9_]*)?$/;

/** A table name's form (an id or `@form:<code>`) and sub-table suffix, or null when it is not a form's table. */
export function formTableParts(table: string): { form: string; sub: string } | null {
  const m = FORM_TABLE.exec(table);
  if (!m) return null;
  return { form: m[1] ?? `${FORM_REF_PREFIX}${m[2]}`, sub: m[3] ?? '' };
}

/** `ref` an id or a `@…:` reference; null: it cannot be mapped (the caller refuses). */
export type IdMapper = (ref: string) => string | null;

/**
 * A deep copy of `value` with every `table` mapped through `form` (the sub-table suffix kept;
 * `asTable` makes the mapped form a table name) and every `dataset` through `dataset`. What the
 * mappers refuse is listed in `unmapped`.
 */
export function mapReportRefs(value: unknown, maps: { form: IdMapper; dataset?: IdMapper; asTable?: (to: string) => string }): { value: unknown; unmapped: string[] } {
  const unmapped: string[] = [];
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'table' && typeof x === 'string' && x !== '') {
        const parts = formTableParts(x);
        const to = parts ? maps.form(parts.form) : null;
        if (to === null) unmapped.push(x);
        out[k] = to === null ? x : `${maps.asTable ? maps.asTable(to) : to}${parts!.sub}`;
      } else if (k === 'dataset' && maps.dataset && (typeof x === 'string' || typeof x === 'number') && String(x) !== '') {
        const to = maps.dataset(String(x));
        if (to === null) unmapped.push(String(x));
        out[k] = to === null ? x : to;
      } else out[k] = visit(x);
    }
    return out;
  };
  return { value: visit(value), unmapped };
}
