import { holdsList, traitsOf, type FormControl } from '@park/core';
import { isObject, optionsOf, textOf } from '../common/values.ts';

export interface ChoiceOption {
  value: string;
  label: string;
  children?: ChoiceOption[];
}

/**
 * In this platform family the flag reads inverted (core's allowedValues; the desktop's
 * choiceOptions): `remote: false` uses the saved `remoteOptions`, anything else the static list.
 */
export function usesRemoteList(control: FormControl): boolean {
  const remote = optionsOf(control).remote;
  return remote === false || remote === 'false' || remote === 0 || remote === '0';
}

export function propKeys(control: FormControl): { value: string; label: string; children: string } {
  const props = isObject(optionsOf(control).props) ? (optionsOf(control).props as Record<string, unknown>) : {};
  const key = (name: string, fallback: string) => (typeof props[name] === 'string' && props[name] !== '' ? (props[name] as string) : fallback);
  return { value: key('value', 'value'), label: key('label', 'label'), children: key('children', 'children') };
}

export function toOptions(list: unknown, keys = { value: 'value', label: 'label', children: 'children' }): ChoiceOption[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((o) => {
    const value = textOf(o[keys.value]);
    const label = textOf(o[keys.label]) || value;
    const children = toOptions(o[keys.children], keys);
    return children.length > 0 ? { value, label, children } : { value, label };
  });
}

/** Only our own API may feed a form's options (as the desktop's isLocalApi): never another host. */
function localApi(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  return u.startsWith('/') && !u.startsWith('//') ? u : null;
}

/** The remoteUrl a 远程数据 choice control loads its options from while the form runs, or null. */
export function remoteUrlOf(control: FormControl): string | null {
  return usesRemoteList(control) ? localApi(optionsOf(control).remoteUrl) : null;
}

/** The options written into the design (static, or the saved remoteOptions). */
export function designOptions(control: FormControl): ChoiceOption[] {
  const options = optionsOf(control);
  if (usesRemoteList(control)) return toOptions(options.remoteOptions, propKeys(control));
  return toOptions(options.options);
}

export function labelOf(options: readonly ChoiceOption[], value: string): string {
  for (const o of options) if (o.value === value) return o.label;
  return value;
}

function pathLabels(options: readonly ChoiceOption[], path: readonly string[]): string[] {
  const out: string[] = [];
  let level: readonly ChoiceOption[] | undefined = options;
  for (const value of path) {
    const hit: ChoiceOption | undefined = level?.find((o) => o.value === value);
    out.push(hit ? hit.label : value);
    level = hit?.children;
  }
  return out;
}

/** The chosen values as a list (a list control's array, or comma text). */
export function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean);
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** Labels of the chosen options, as the desktop's choiceText. */
export function choiceText(value: unknown, control: FormControl, options: readonly ChoiceOption[] = designOptions(control)): string {
  if (traitsOf(control).optionPath) return pathLabels(options, valuesOf(value)).join(' / ');
  if (holdsList(control) || Array.isArray(value)) return valuesOf(value).map((v) => labelOf(options, v)).join('，');
  const one = textOf(value);
  return one === '' ? '' : labelOf(options, one);
}

export function switchText(value: unknown, control: FormControl): string {
  const options = optionsOf(control);
  const on = value === true || value === 'true' || value === '0';
  const openMsg = typeof options.openMsg === 'string' && options.openMsg ? options.openMsg : '开启';
  const closeMsg = typeof options.closeMsg === 'string' && options.closeMsg ? options.closeMsg : '关闭';
  return on ? openMsg : closeMsg;
}
