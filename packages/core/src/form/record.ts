/**
 * Whole records: stored row <-> form values, defaults, and validation with conditional display
 * applied. The server runs checkSubmission on what it receives; the browser runs
 * validateValues before sending. Both use the same definitions.
 */
import type { RowInput } from './controls/define.ts';
import { computeVisibility, isShownInMode } from './conditions.ts';
import { applyFormulas } from './formula.ts';
import { modelOf, nameOf } from './lib/values.ts';
import { badShape, FORM_VALIDATION_FAILED, subTableRow } from './messages.ts';
import { definitionOf, isSubTable } from './registry.ts';
import type { ControlSource, FormContext, FormControl, FormValues, StoredRow } from './types.ts';
import { flattenControls, subTableChildren } from './walk.ts';

export interface FieldError {
  /** The control's model (for a sub-table row problem, the sub-table's subKey). */
  model: string;
  controlKey: string;
  name: string;
  message: string;
  /** 1-based row of a sub-table, when the problem is inside one. */
  row?: number;
}

type ValueControl = { control: FormControl; definition: NonNullable<ReturnType<typeof definitionOf>>; model: string };

/*
 * A frozen source cannot change (its owner freezes it deeply: the server's import does), so its
 * list is kept; validating a million imported rows otherwise walks the design millions of times.
 * Unfrozen sources — the designer edits its meta in place — are walked on every call.
 */
const FROZEN_VALUE_CONTROLS = new WeakMap<object, ValueControl[]>();

/** Controls that hold a value of their own, with their definitions. */
function valueControls(source: ControlSource): ValueControl[] {
  const frozen = Object.isFrozen(source);
  const hit = frozen ? FROZEN_VALUE_CONTROLS.get(source) : undefined;
  if (hit) return hit;
  const list = flattenControls(source).flatMap((control): ValueControl[] => {
    const definition = definitionOf(control);
    const model = modelOf(control);
    return definition && model && definition.family !== 'layout' ? [{ control, definition, model }] : [];
  });
  if (frozen) FROZEN_VALUE_CONTROLS.set(source, list);
  return list;
}

/** The stored columns of the values given; a model absent from values leaves its columns out. */
export function encodeRecord(source: ControlSource, values: FormValues): StoredRow {
  const row: StoredRow = {};
  for (const { control, definition, model } of valueControls(source)) {
    if (!(model in values)) continue;
    Object.assign(row, definition.codec.toStored(values[model], control));
  }
  return row;
}

/** Form values from a stored row (or a flat form-encoded post, which has the same shape). */
export function decodeRecord(source: ControlSource, row: RowInput, onlyPresent = false): FormValues {
  const values: FormValues = {};
  for (const { control, definition, model } of valueControls(source)) {
    if (isSubTable(control)) continue;
    if (onlyPresent && !definition.columns(control).some((column) => column.name in row)) continue;
    values[model] = definition.codec.fromStored(row, control);
  }
  return values;
}

/** The values a new record starts with. */
export function defaultValues(source: ControlSource, ctx: FormContext = {}): FormValues {
  const values: FormValues = {};
  for (const { control, definition, model } of valueControls(source)) values[model] = definition.defaultValue(control, ctx);
  return values;
}

function errorOf(control: FormControl, model: string, message: string, row?: number): FieldError {
  const error: FieldError = { model, controlKey: typeof control.key === 'string' ? control.key : '', name: nameOf(control), message };
  if (row !== undefined) error.row = row;
  return error;
}

/**
 * Problems with these values, in form order. Controls hidden by conditional display, or by
 * the add/edit flags of ctx.mode, are not validated. Sub-table rows present in the values are
 * validated against the sub-table's own controls.
 */
export function validateValues(source: ControlSource, values: FormValues, ctx: FormContext = {}): FieldError[] {
  const visibility = computeVisibility(source, values);
  const errors: FieldError[] = [];
  for (const { control, definition, model } of valueControls(source)) {
    if (visibility.isHidden(control) || !isShownInMode(control, ctx.mode)) continue;
    const message = definition.validate(values[model], control, ctx);
    if (message) {
      errors.push(errorOf(control, model, message));
      continue;
    }
    const rows = values[model];
    if (!isSubTable(control) || !Array.isArray(rows)) continue;
    const children = subTableChildren(control);
    rows.forEach((row: FormValues, index) => {
      for (const problem of validateValues(children, row, ctx)) {
        errors.push(errorOf(control, model, subTableRow(nameOf(control), index + 1, problem.message), index + 1));
      }
    });
  }
  return errors;
}

/** The values without those of controls hidden by conditional display: they are not submitted. */
export function submittableValues(source: ControlSource, values: FormValues): FormValues {
  const visibility = computeVisibility(source, values);
  const out: FormValues = { ...values };
  for (const { control, model } of valueControls(source)) if (visibility.isHidden(control)) delete out[model];
  return out;
}

/**
 * Every stored column is text or a number, so a post carries scalars: an object or a list in a
 * field ({}, [], [1,2], or a form key repeated) is a wrong shape, refused and named — never read
 * as an empty value, which would store null and answer success (issue 15 §5).
 */
export function shapeErrors(source: ControlSource, input: RowInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const { control, definition, model } of valueControls(source)) {
    if (isSubTable(control)) continue;
    const bad = definition.columns(control).some(({ name }) => {
      const v = input[name];
      return typeof v === 'object' && v !== null;
    });
    if (bad) errors.push(errorOf(control, model, badShape(nameOf(control))));
  }
  return errors;
}

export type Submission =
  | { ok: true; values: FormValues; stored: StoredRow }
  | { ok: false; message: string; errors: FieldError[] };

/**
 * The server's path for a flat post: decode, recompute formulas, validate, drop hidden fields,
 * encode. In edit mode only the fields present in the post are read, so a partial update
 * leaves other columns alone; in add mode an absent field counts as empty.
 */
export function checkSubmission(source: ControlSource, input: RowInput, ctx: FormContext = {}): Submission {
  const shape = shapeErrors(source, input);
  if (shape.length > 0) return { ok: false, message: FORM_VALIDATION_FAILED, errors: shape };
  const values = applyFormulas(source, decodeRecord(source, input, ctx.mode === 'edit'));
  const errors = validateValues(source, values, ctx).filter((e) => ctx.mode !== 'edit' || e.model in values);
  if (errors.length > 0) return { ok: false, message: FORM_VALIDATION_FAILED, errors };
  const kept = submittableValues(source, values);
  return { ok: true, values: kept, stored: encodeRecord(source, kept) };
}
