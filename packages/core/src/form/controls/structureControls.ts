import { toNumber } from '../lib/decimal.ts';
import { isRecord, nameOf } from '../lib/values.ts';
import { badShape, notNumber } from '../messages.ts';
import { defineControl, modelColumn, noColumns, type ControlDefinition } from './define.ts';
import { numericCodec } from './numberControls.ts';

/** grid, blank and text: layout and fixed wording; they hold and store nothing. */
export function layoutControl(): ControlDefinition {
  return defineControl({
    family: 'layout',
    requiredVerb: 'input',
    columns: noColumns,
    isEmpty: () => false,
    codec: { toStored: () => ({}), fromStored: () => null },
    check: () => null,
    defaultValue: () => null,
  });
}

/**
 * table (and the palette's flow_table, which has the same shape): a sub-table whose rows live
 * in their own table keyed by the control's model (its subKey). Rows are validated one by one
 * against tableColumns by validateValues; here only the list itself is checked.
 */
export function subTableControl(): ControlDefinition {
  return defineControl({
    family: 'subTable',
    requiredVerb: 'input',
    columns: noColumns,
    isEmpty: () => false,
    codec: { toStored: () => ({}), fromStored: () => [] },
    check(value, control) {
      if (value === null || value === undefined) return null;
      return Array.isArray(value) && value.every(isRecord) ? null : badShape(nameOf(control));
    },
    defaultValue: () => [],
  });
}

/** calculate_formula: a number the form computes (formula.ts); the server recomputes it. */
export function calculatedControl(): ControlDefinition {
  return defineControl({
    family: 'formula',
    requiredVerb: 'input',
    columns: (control) => modelColumn(control, 'numeric'),
    codec: numericCodec(),
    check: (value, control) => (toNumber(value) === undefined ? notNumber(nameOf(control)) : null),
    defaultValue: () => null,
  });
}
