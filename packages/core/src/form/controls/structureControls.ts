import { toNumber } from '../lib/decimal.ts';
import { isRecord, nameOf } from '../lib/values.ts';
import { badShape, notNumber } from '../messages.ts';
import { defineControl, modelColumn, noColumns, type ControlBehaviour } from './define.ts';
import { numberSheetText, numericCodec } from './numberControls.ts';
import { asStored, noHint, queryByColumnType, sheetCodec } from './sheet.ts';

/* Neither has a column of its own in a sheet (columns.ts leaves them out); stored text if ever asked. */
const noSheet = sheetCodec({ exportText: asStored, readCell: null, hint: noHint });

/** grid, blank and text: layout and fixed wording; they hold and store nothing. */
export function layoutControl(): ControlBehaviour {
  return defineControl({
    family: 'layout',
    requiredVerb: 'input',
    columns: noColumns,
    isEmpty: () => false,
    codec: { toStored: () => ({}), fromStored: () => null },
    sheet: noSheet,
    queryKind: queryByColumnType,
    check: () => null,
    defaultValue: () => null,
  });
}

/**
 * table (and the palette's flow_table, which has the same shape): a sub-table whose rows live
 * in their own table keyed by the control's model (its subKey). Rows are validated one by one
 * against tableColumns by validateValues; here only the list itself is checked.
 */
export function subTableControl(): ControlBehaviour {
  return defineControl({
    family: 'subTable',
    requiredVerb: 'input',
    columns: noColumns,
    isEmpty: () => false,
    codec: { toStored: () => ({}), fromStored: () => [] },
    sheet: noSheet,
    queryKind: queryByColumnType,
    check(value, control) {
      if (value === null || value === undefined) return null;
      return Array.isArray(value) && value.every(isRecord) ? null : badShape(nameOf(control));
    },
    defaultValue: () => [],
  });
}

/** calculate_formula: a number the form computes (formula.ts); the server recomputes it. */
export function calculatedControl(): ControlBehaviour {
  return defineControl({
    family: 'formula',
    requiredVerb: 'input',
    columns: (control) => modelColumn(control, 'numeric'),
    codec: numericCodec(),
    // Exported as a number; formulas are recomputed, never read from a sheet.
    sheet: sheetCodec({ exportText: numberSheetText(), readCell: null, hint: noHint }),
    queryKind: queryByColumnType,
    check: (value, control) => (toNumber(value) === undefined ? notNumber(nameOf(control)) : null),
    defaultValue: () => null,
  });
}
