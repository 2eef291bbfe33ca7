import { flag, isBlank, isRecord, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, invalidOption } from '../messages.ts';
import type { FormControl } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlCodec, type ControlBehaviour } from './define.ts';
import { failCell, isObject, LIST_JOIN, LIST_SPLIT, onlyCell, queryByColumnType, REGION_JOIN, sheetCodec, str } from './sheet.ts';

/**
 * The option values a choice must come from, or null when they are loaded at run time.
 * In this platform family the flag reads inverted: `remote: true` (the palette default) renders
 * the static `options`, `remote: false` renders `remoteOptions`, which a remoteCall or
 * remoteUrl may fill while the form runs.
 */
export function allowedValues(control: FormControl): Set<string> | null {
  const options = optionsOf(control);
  const remote = options.remote;
  const usesRemoteList = remote === false || remote === 'false' || remote === 0 || remote === '0';
  let values: string[];
  if (usesRemoteList) {
    if (!isBlank(options.remoteCall) || !isBlank(options.remoteUrl)) return null;
    const key = isRecord(options.props) && typeof options.props.value === 'string' ? options.props.value : 'value';
    values = (Array.isArray(options.remoteOptions) ? options.remoteOptions : [])
      .filter(isRecord)
      .map((o) => scalarText(o[key]));
  } else {
    values = (Array.isArray(options.options) ? options.options : []).filter(isRecord).map((o) => scalarText(o.value));
  }
  return values.length > 0 ? new Set(values) : null;
}

/** Whether the control holds a list: checkboxes, multi-selects, a cascader's path. */
export function holdsList(control: FormControl): boolean {
  const multiple = optionsOf(control).multiple;
  switch (control.type) {
    case 'checkbox':
    case 'cascade':
      return true;
    case 'multiple_select':
      return multiple === undefined || flag(multiple);
    case 'select':
      return flag(multiple);
    default:
      return false;
  }
}

/** A list of choices from an array or comma-joined text. */
export function choiceList(value: unknown): string[] | null {
  if (typeof value === 'string') return value.split(',').filter((v) => v !== '');
  if (!Array.isArray(value)) return null;
  if (!value.every((v) => typeof v === 'string' || typeof v === 'number')) return null;
  return value.map((v) => String(v));
}

const choiceCodec: ControlCodec = {
  toStored(value, control) {
    if (!holdsList(control)) return single(control, scalarText(value) || null);
    const list = choiceList(value) ?? [];
    return single(control, list.length > 0 ? list.join(',') : null);
  },
  fromStored(row, control) {
    const raw = cell(row, control.model ?? '');
    if (!holdsList(control)) return raw ?? '';
    return raw === null || raw === '' ? [] : raw.split(',');
  },
};

function check(value: unknown, control: FormControl): string | null {
  const name = nameOf(control);
  const allowed = control.type === 'cascade' ? null : allowedValues(control);
  if (holdsList(control)) {
    const list = choiceList(value);
    if (list === null) return badShape(name);
    return allowed && list.some((v) => !allowed.has(v)) ? invalidOption(name) : null;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return badShape(name);
  return allowed && !allowed.has(String(value)) ? invalidOption(name) : null;
}

interface OptionPair {
  value: string;
  label: string;
}

const optionCache = new WeakMap<FormControl, OptionPair[]>();

/** The control's static options, cascader trees flattened (the same list allowedValues reads). */
function optionPairs(control: FormControl): OptionPair[] {
  const hit = optionCache.get(control);
  if (hit) return hit;
  const options = isObject(control.options) ? control.options : {};
  const remote = options.remote;
  const usesRemote = remote === false || remote === 'false' || remote === 0 || remote === '0';
  const props = isObject(options.props) ? options.props : {};
  const vKey = usesRemote && typeof props.value === 'string' ? props.value : 'value';
  const lKey = usesRemote && typeof props.label === 'string' ? props.label : 'label';
  const out: OptionPair[] = [];
  const walk = (list: unknown, depth: number) => {
    if (!Array.isArray(list) || depth > 6) return;
    for (const o of list) {
      if (!isObject(o)) continue;
      const value = str(o[vKey]);
      if (value !== '') out.push({ value, label: str(o[lKey]) || value });
      walk(o.children, depth + 1);
    }
  };
  walk(usesRemote ? options.remoteOptions : options.options, 0);
  optionCache.set(control, out);
  return out;
}

function optionLabel(control: FormControl, value: string): string {
  return optionPairs(control).find((o) => o.value === value)?.label ?? value;
}

function optionValue(control: FormControl, text: string): string | null {
  const pairs = optionPairs(control);
  const byLabel = pairs.find((o) => o.label === text);
  if (byLabel) return byLabel.value;
  if (pairs.some((o) => o.value === text)) return text;
  // Options loaded at run time cannot be checked here; the value is kept as written.
  return allowedValues(control) === null && control.type !== 'cascade' ? text : pairs.length === 0 ? text : null;
}

/** The template's list of a control's static option labels (at most 50). */
function optionLabels(control: FormControl): string[] {
  const options = isObject(control.options) ? control.options : {};
  const list = Array.isArray(options.options) ? options.options : [];
  return list.filter(isObject).map((o) => String(o.label ?? o.value ?? '')).filter(Boolean).slice(0, 50);
}

/** Option labels going out (a cascader's path joined with /), labels or values coming back. */
const choiceSheet = sheetCodec({
  exportText: (c, raw) => {
    if (raw === '') return '';
    if (!holdsList(c)) return optionLabel(c, raw);
    return raw.split(',').map((v) => optionLabel(c, v)).join(c.type === 'cascade' ? REGION_JOIN : LIST_JOIN);
  },
  readCell: (field, c, _value, text) => {
    const parts = holdsList(c) ? text.split(c.type === 'cascade' ? /[/,，、]/ : LIST_SPLIT).map((s) => s.trim()).filter(Boolean) : [text];
    const values: string[] = [];
    for (const p of parts) {
      const v = optionValue(c, p);
      if (v === null) return failCell(field, `选项“${p}”不存在`);
      values.push(v);
    }
    return onlyCell(field, values.join(','));
  },
  hint: (c) => {
    const notes: string[] = [];
    const labels = optionLabels(c);
    if (labels.length > 0) notes.push(`可选值：${labels.join(LIST_JOIN)}`);
    const options = isObject(c.options) ? c.options : {};
    if (c.type === 'checkbox' || c.type === 'multiple_select' || options.multiple === true) notes.push(`可多选，用“${LIST_JOIN}”分隔`);
    return notes.join('；') || null;
  },
  // A cascader's cell is a path, which no flat list can offer; remote options are not known here.
  choices: (c) => {
    if (c.type === 'cascade' || allowedValues(c) === null) return null;
    const labels = [...new Set(optionPairs(c).map((o) => o.label))];
    return labels.length > 0 ? { labels, multiple: holdsList(c) } : null;
  },
});

export function choiceControl(): ControlBehaviour {
  return defineControl({
    family: 'choice',
    requiredVerb: 'choice',
    columns: (control) => modelColumn(control, 'text'),
    codec: choiceCodec,
    sheet: choiceSheet,
    queryKind: queryByColumnType,
    check,
    defaultValue(control) {
      const preset = optionsOf(control).defaultValue;
      if (!holdsList(control)) return scalarText(preset);
      return choiceList(preset) ?? [];
    },
  });
}
