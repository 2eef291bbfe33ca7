import type { FormControl } from '@park/core';
import { isObject, optionsOf, textOf } from '../common/values.ts';

export interface ChoiceOption {
  value: string;
  label: string;
  children?: ChoiceOption[];
}

/**
 * In this platform family the flag reads inverted (see core's allowedValues): `remote: true`,
 * the palette default, uses the static `options`; `remote: false` uses `remoteOptions`, which
 * a remoteUrl may fill while the form runs.
 */
export function usesRemoteList(control: FormControl): boolean {
  const remote = optionsOf(control).remote;
  return remote === false || remote === 'false' || remote === 0 || remote === '0';
}

/** props.value / props.label / props.children name the keys of remote records. */
export function propKeys(control: FormControl): { value: string; label: string; children: string } {
  const props = isObject(optionsOf(control).props)
    ? (optionsOf(control).props as Record<string, unknown>)
    : {};
  const key = (name: string, fallback: string) =>
    typeof props[name] === 'string' && props[name] !== '' ? (props[name] as string) : fallback;
  return {
    value: key('value', 'value'),
    label: key('label', 'label'),
    children: key('children', 'children'),
  };
}

export function toChoiceOptions(
  list: unknown,
  keys = { value: 'value', label: 'label', children: 'children' },
): ChoiceOption[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((o) => {
    const value = textOf(o[keys.value]);
    const label = textOf(o[keys.label]) || value;
    const children = toChoiceOptions(o[keys.children], keys);
    return children.length > 0 ? { value, label, children } : { value, label };
  });
}

/** The options written into the design itself (static, or the saved remoteOptions). */
export function designOptions(control: FormControl): ChoiceOption[] {
  const options = optionsOf(control);
  if (usesRemoteList(control)) return toChoiceOptions(options.remoteOptions, propKeys(control));
  return toChoiceOptions(options.options);
}

/** Whether the options come from a remoteUrl while the form runs. */
export function remoteUrlOf(control: FormControl): string | null {
  const url = optionsOf(control).remoteUrl;
  return usesRemoteList(control) && typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

export function labelOf(options: readonly ChoiceOption[], value: string): string {
  for (const o of options) if (o.value === value) return o.label;
  return value;
}

/** Labels along a cascader path. */
export function pathLabels(options: readonly ChoiceOption[], path: readonly string[]): string[] {
  const out: string[] = [];
  let level: readonly ChoiceOption[] | undefined = options;
  for (const value of path) {
    const hit: ChoiceOption | undefined = level?.find((o) => o.value === value);
    out.push(hit ? hit.label : value);
    level = hit?.children;
  }
  return out;
}
