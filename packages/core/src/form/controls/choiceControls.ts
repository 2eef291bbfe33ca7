import { flag, isBlank, isRecord, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, invalidOption } from '../messages.ts';
import type { FormControl } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlCodec, type ControlDefinition } from './define.ts';

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

export function choiceControl(): ControlDefinition {
  return defineControl({
    family: 'choice',
    requiredVerb: 'choice',
    columns: (control) => modelColumn(control, 'text'),
    codec: choiceCodec,
    check,
    defaultValue(control) {
      const preset = optionsOf(control).defaultValue;
      if (!holdsList(control)) return scalarText(preset);
      return choiceList(preset) ?? [];
    },
  });
}
