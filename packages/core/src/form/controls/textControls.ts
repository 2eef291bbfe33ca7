import { isDecimalText, isIntegerText } from '../lib/decimal.ts';
import { nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, notInteger, notNumber, patternMismatch } from '../messages.ts';
import type { FormControl } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlCodec, type ControlBehaviour } from './define.ts';
import { asStored, noHint, queryByColumnType, readAsText, sheetCodec } from './sheet.ts';

/** Built-in formats of the typed inputs, anchored and free of nested quantifiers. */
export const MOBILE = /^1[3-9]\d{9}$/;
export const TELEPHONE = /^0\d{2,3}-?\d{7,8}$/;
export const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** Six digits: 010000 (Hohhot) is real, so the palette's leading [1-9] was too strict. */
export const POSTAL = /^\d{6}$/;
export const WEBSITE =
  /^(?:(?:https?|ftp|rtsp|mms):\/\/)?(?:[\w.~!*'()&=+$%-]+(?::[\w.~!*'()&=+$%-]*)?@)?(?:(?:\d{1,3}\.){3}\d{1,3}|localhost|(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** The palette's default patterns for these types (their palette rows start with them); the built-ins above replace them. */
export const PALETTE_PATTERNS = {
  mobile: '/^1([3-9])\\d{9}$/',
  telephone: '/^0\\d{2,3}-?\\d{7,8}$/',
  email: '/^([a-zA-Z0-9_.\\-])+@(([a-zA-Z0-9\\-])+\\.)+([a-zA-Z0-9]{2,4})+$/',
  postal: '/^[1-9][0-9]{5}$/',
  website:
    "/((https|http|ftp|rtsp|mms):\\/\\/)?(([0-9a-zA-Z_!~*'().&=+$%-]+:)?[0-9a-zA-Z_!~*'().&=+$%-]+@)?(([0-9]{1,3}\\.){3}[0-9]{1,3}|([0-9a-zA-Z_!~*'()-]+\\.)*([0-9a-zA-Z][0-9a-zA-Z-]{0,61})?[0-9a-zA-Z]\\.[a-zA-Z]{2,6})(:[0-9]{1,4})?((\\/?)|(\\/[0-9a-zA-Z_!~*'().;?:@&=+$,%#-]+)+\\/?)/g",
} as const;

const EMAIL_MAX = 254;

export const textCodec: ControlCodec = {
  toStored: (value, control) => single(control, scalarText(value) || null),
  fromStored: (row, control) => cell(row, control.model ?? '') ?? '',
};

/** Text goes out and comes back as written. */
const textSheet = sheetCodec({ exportText: asStored, readCell: readAsText, hint: noHint });

type TextFormat = (text: string) => boolean;

const formats = {
  mobile: (t: string) => MOBILE.test(t),
  telephone: (t: string) => TELEPHONE.test(t),
  email: (t: string) => t.length <= EMAIL_MAX && EMAIL.test(t),
  postal: (t: string) => POSTAL.test(t),
  website: (t: string) => WEBSITE.test(t),
} satisfies Record<keyof typeof PALETTE_PATTERNS, TextFormat>;

/** The plain input's options.dataType (form-making's string, number, integer, float, email, url). */
function dataTypeCheck(text: string, control: FormControl): string | null {
  const dataType = optionsOf(control).dataType;
  const name = nameOf(control);
  if (dataType === 'number' || dataType === 'float') return isDecimalText(text) ? null : notNumber(name);
  if (dataType === 'integer') return isIntegerText(text) ? null : notInteger(name);
  if (dataType === 'email') return formats.email(text) ? null : patternMismatch(name);
  if (dataType === 'url') return formats.website(text) ? null : patternMismatch(name);
  return null;
}

/** A text input; `format` names the built-in check of a typed input. */
export function textControl(format?: keyof typeof formats): ControlBehaviour {
  return defineControl({
    family: 'text',
    requiredVerb: 'input',
    columns: (control) => modelColumn(control, 'text'),
    codec: textCodec,
    sheet: textSheet,
    queryKind: queryByColumnType,
    supersededPatterns: format ? [PALETTE_PATTERNS[format]] : [],
    check(value, control) {
      if (typeof value !== 'string' && typeof value !== 'number') return badShape(nameOf(control));
      const text = String(value).trim();
      if (format) return formats[format](text) ? null : patternMismatch(nameOf(control));
      return control.type === 'input' ? dataTypeCheck(text, control) : null;
    },
    defaultValue: (control) => scalarText(optionsOf(control).defaultValue),
  });
}
