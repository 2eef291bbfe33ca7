import { flag, nameOf, optionsOf } from '../lib/values.ts';
import { badShape } from '../messages.ts';
import { cell, defineControl, modelColumn, single, type ControlBehaviour } from './define.ts';
import { failCell, isObject, onlyCell, queryByColumnType, sheetCodec, str } from './sheet.ts';

/** Stored '0' is on and '1' is off (spec 000 §3); an empty switch is off at run time and on save. */
export const SWITCH_ON = '0';
export const SWITCH_OFF = '1';

/** Reads true, 'true', '0' (stored on) as on; anything else is off. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === SWITCH_ON;
}

const ON_WORDS = new Set(['开', '是', '启用', '打开', 'on', 'true', 'yes', 'y', '√']);
const OFF_WORDS = new Set(['关', '否', '停用', '关闭', 'off', 'false', 'no', 'n', '×']);

/** 开/关, or the design's own words for them, in both directions. */
const switchSheet = sheetCodec({
  exportText: (c, raw) => {
    const options = isObject(c.options) ? c.options : {};
    return raw === SWITCH_ON ? str(options.openMsg) || '开' : str(options.closeMsg) || '关';
  },
  readCell: (field, c, value, text) => {
    const options = isObject(c.options) ? c.options : {};
    const t = text.toLowerCase();
    if (t === str(options.openMsg).trim().toLowerCase() || ON_WORDS.has(t) || value === true) return onlyCell(field, SWITCH_ON);
    if (t === str(options.closeMsg).trim().toLowerCase() || OFF_WORDS.has(t) || value === false) return onlyCell(field, SWITCH_OFF);
    return failCell(field, `“${text}”不是有效的开关值（开/关）`);
  },
  hint: (c) => {
    const options = isObject(c.options) ? c.options : {};
    return `填写：${String(options.openMsg || '开')}/${String(options.closeMsg || '关')}`;
  },
  choices: (c) => {
    const options = isObject(c.options) ? c.options : {};
    return { labels: [str(options.openMsg).trim() || '开', str(options.closeMsg).trim() || '关'], multiple: false };
  },
});

export function switchControl(): ControlBehaviour {
  return defineControl({
    family: 'switch',
    requiredVerb: 'choice',
    columns: (control) => modelColumn(control, 'text'),
    sheet: switchSheet,
    queryKind: queryByColumnType,
    // A switch always has a value, so "required" is always met.
    isEmpty: () => false,
    codec: {
      toStored: (value, control) => single(control, isOn(value) ? SWITCH_ON : SWITCH_OFF),
      fromStored: (row, control) => cell(row, control.model ?? '') === SWITCH_ON,
    },
    check(value, control) {
      const ok = value === null || value === undefined || typeof value === 'boolean' || value === 'true' || value === 'false';
      return ok ? null : badShape(nameOf(control));
    },
    defaultValue: (control) => flag(optionsOf(control).defaultValue),
  });
}
