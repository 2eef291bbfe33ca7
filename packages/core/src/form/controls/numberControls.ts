import { isDecimalText, isIntegerText, numberToText, toNumber } from '../lib/decimal.ts';
import { designNumber, flag, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, integerOverflow, notInteger, notNumber, numberRange } from '../messages.ts';
import type { FormControl, FormValue } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlCodec, type ControlBehaviour, type RowInput } from './define.ts';
import { asNumber, numberText, onlyCell, queryByColumnType, sheetCodec, type SheetCodec } from './sheet.ts';

export interface NumberKind {
  integer?: boolean;
  /** Inclusive bounds of the integer type, as text so 64-bit limits stay exact. */
  bounds?: readonly [string, string];
  /** Whether min/max apply without enableMinMax: the widget itself clamps to them. */
  clamps?: boolean;
  /** Range defaults of the widget when the design leaves min/max out. */
  defaultMin?: number;
  defaultMax?: number;
  /** Keep the value as text, for integers beyond 2^53. */
  keepText?: boolean;
  /** The palette's default pattern for the type, which the numeric check replaces. */
  palettePattern?: string;
}

export const PALETTE_DECIMAL_PATTERN = '/^-?\\d+(\\.\\d+)?$/';
export const PALETTE_INTEGER_PATTERN = '/^-?\\d+$/';

export const INT32: readonly [string, string] = ['-2147483648', '2147483647'];
export const INT64: readonly [string, string] = ['-9223372036854775808', '9223372036854775807'];

/** A stored numeric cell back to the editor's value; unreadable text passes through for validate. */
export function readNumeric(raw: string | null, keepText = false): FormValue {
  if (raw === null || raw.trim() === '') return null;
  if (!isDecimalText(raw)) return raw;
  return keepText ? raw.trim() : Number(raw);
}

/** Numeric column text: numbers print without exponent, typed text is kept exactly. */
export function writeNumeric(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? numberToText(value) : null;
  if (typeof value === 'string' && isDecimalText(value)) return value.trim();
  return null;
}

export const numericCodec = (keepText = false): ControlCodec => ({
  toStored: (value, control) => single(control, writeNumeric(value)),
  fromStored: (row: RowInput, control) => readNumeric(cell(row, control.model ?? ''), keepText),
});

/** A range slider keeps "low,high" in a text column. */
const rangeCodec: ControlCodec = {
  toStored(value, control) {
    if (!Array.isArray(value)) return single(control, null);
    const ends = value.map(writeNumeric);
    return single(control, ends.length === 2 && ends.every((e) => e !== null) ? ends.join(',') : null);
  },
  fromStored(row, control) {
    const raw = cell(row, control.model ?? '');
    if (raw === null || raw.trim() === '') return null;
    const ends = raw.split(',').map((part) => toNumber(part));
    return ends.length === 2 && ends.every((e) => e !== undefined) ? (ends as number[]) : raw;
  },
};

function withinBounds(text: string, bounds: readonly [string, string]): boolean {
  const n = BigInt(text.trim());
  return n >= BigInt(bounds[0]) && n <= BigInt(bounds[1]);
}

/** The min/max check that applies to this control, if any. */
function rangeOf(control: FormControl, kind: NumberKind): { min: number; max: number; message: string } | null {
  const options = optionsOf(control);
  const applies = flag(options.enableMinMax) || (kind.clamps === true && !('enableMinMax' in options));
  if (!applies) return null;
  const min = designNumber(options.min) ?? kind.defaultMin;
  const max = designNumber(options.max) ?? kind.defaultMax;
  if (min === undefined || max === undefined) return null;
  return { min, max, message: numberRange(scalarText(options.min) || min, scalarText(options.max) || max) };
}

/** Checks one number of a control; `value` is a number or decimal text. */
export function checkNumber(value: unknown, control: FormControl, kind: NumberKind): string | null {
  const name = nameOf(control);
  const n = toNumber(value);
  if (n === undefined) return notNumber(name);
  if (kind.integer) {
    const text = typeof value === 'number' ? numberToText(value) : String(value).trim();
    if (!isIntegerText(text)) return notInteger(name);
    if (kind.bounds && !withinBounds(text, kind.bounds)) return integerOverflow(name);
  }
  const range = rangeOf(control, kind);
  if (range && (n < range.min || n > range.max)) return range.message;
  return null;
}

/** A number cell as a number a spreadsheet can sum, unless a double would round it (input_long keeps text). */
export function numberSheetText(keepText?: boolean): SheetCodec['exportText'] {
  return keepText ? (_c, raw) => raw : (_c, raw) => asNumber(raw);
}

function numberSheet(kind: NumberKind): SheetCodec {
  return sheetCodec({
    exportText: numberSheetText(kind.keepText),
    readCell: (field, _c, value, text) => onlyCell(field, typeof value === 'number' ? numberText(value) : text.replace(/,/g, '')),
    hint: () => '填写数字',
  });
}

function isRangeSlider(control: FormControl): boolean {
  return control.type === 'slider' && flag(optionsOf(control).range);
}

export function numberControl(kind: NumberKind = {}): ControlBehaviour {
  // Built once per type, not per value: codecs run for every field of every imported row.
  const plain = numericCodec(kind.keepText);
  return defineControl({
    family: 'number',
    requiredVerb: 'input',
    columns: (control) => modelColumn(control, isRangeSlider(control) ? 'text' : 'numeric'),
    supersededPatterns: kind.palettePattern ? [kind.palettePattern] : [],
    sheet: numberSheet(kind),
    queryKind: queryByColumnType,
    codec: {
      toStored: (value, control) => (isRangeSlider(control) ? rangeCodec : plain).toStored(value, control),
      fromStored: (row, control) => (isRangeSlider(control) ? rangeCodec : plain).fromStored(row, control),
    },
    check(value, control) {
      if (!isRangeSlider(control)) return checkNumber(value, control, kind);
      if (!Array.isArray(value) || value.length !== 2) return badShape(nameOf(control));
      const [low, high] = value.map(toNumber);
      if (low !== undefined && high !== undefined && low > high) return badShape(nameOf(control));
      return checkNumber(value[0], control, kind) ?? checkNumber(value[1], control, kind);
    },
    defaultValue(control) {
      const preset = optionsOf(control).defaultValue;
      if (isRangeSlider(control)) {
        const ends = Array.isArray(preset) ? preset.map(designNumber) : [];
        return ends.length === 2 && ends.every((e) => e !== undefined) ? (ends as number[]) : null;
      }
      if (kind.keepText && typeof preset === 'string' && isIntegerText(preset)) return preset.trim();
      return designNumber(preset) ?? null;
    },
  });
}
