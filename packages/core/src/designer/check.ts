/**
 * The designer's checks, on the spot: the same validateFormMeta the server runs before it saves
 * (DESIGN §4), grouped by control so the canvas can mark each one, plus JSON import.
 */
import { parseFormMeta, validateFormMeta, type DesignError } from '../form/designValidation.ts';
import { FORM_META_MALFORMED } from '../form/messages.ts';
import type { FormMeta } from '../form/types.ts';

/** Spec 001 §5.7: the code editor's alert on text that is not JSON. */
export const BAD_JSON = 'json代码有误';

export interface DesignProblems {
  errors: DesignError[];
  /** Messages per control key; problems of the whole design are under ''. */
  byKey: ReadonlyMap<string, string[]>;
}

export function designProblems(meta: FormMeta): DesignProblems {
  const { errors } = validateFormMeta(meta);
  const byKey = new Map<string, string[]>();
  for (const error of errors) byKey.set(error.controlKey, [...(byKey.get(error.controlKey) ?? []), error.message]);
  return { errors, byKey };
}

export type ImportResult = { ok: true; meta: FormMeta } | { ok: false; message: string; errors: DesignError[] };

/** A design from JSON text: refused when it is not JSON, not a design, or a design with problems. */
export function importDesign(text: string): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: BAD_JSON, errors: [] };
  }
  const parsed = parseFormMeta(raw);
  if (!parsed.ok) return { ok: false, message: FORM_META_MALFORMED, errors: [] };
  const { errors } = validateFormMeta(parsed.meta);
  if (errors.length > 0) return { ok: false, message: errors[0]!.message, errors };
  return { ok: true, meta: parsed.meta };
}

/** The design as the JSON view shows and exports it. */
export const exportDesign = (meta: FormMeta): string => JSON.stringify(meta, null, 2);

/** A new form's empty design, with the form properties the runtime reads. */
export function emptyDesign(): FormMeta {
  return {
    list: [],
    config: { labelWidth: 100, labelPosition: 'right', size: 'small', isBorder: false, labelSuffix: '' },
  };
}
