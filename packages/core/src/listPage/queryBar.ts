/**
 * Query bar values → the list filters the server's parseConditions reads
 * (`[{key, type, value}]`, ranges as `{key, type: '$in', bvalue, evalue}`). A condition is built
 * only when its value is not empty (spec 000 §5, spec 002 §5); a range needs one end at least.
 */
import type { QueryField } from './settings.ts';

export type ListCondition =
  | { key: string; type: '$like' | '$eq'; value: string }
  | { key: string; type: '$all'; value: string[] }
  | { key: string; type: '$in'; bvalue: string | null; evalue: string | null };

/** What the query bar holds per field key: text, a list of choices, or a [from, to] pair. */
export type QueryValues = Readonly<Record<string, unknown>>;

function textOf(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

export function buildListConditions(fields: readonly QueryField[], values: QueryValues): ListCondition[] {
  const out: ListCondition[] = [];
  for (const field of fields) {
    const raw = values[field.key];
    if (field.op === '$in') {
      const pair = Array.isArray(raw) ? raw : [];
      const b = textOf(pair[0]);
      const e = textOf(pair[1]);
      if (b || e) out.push({ key: field.key, type: '$in', bvalue: b || null, evalue: e || null });
    } else if (field.op === '$all') {
      const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).map(textOf).filter(Boolean);
      if (list.length > 0) out.push({ key: field.key, type: '$all', value: [...new Set(list)] });
    } else {
      const value = textOf(raw);
      if (value) out.push({ key: field.key, type: field.op, value });
    }
  }
  return out;
}
