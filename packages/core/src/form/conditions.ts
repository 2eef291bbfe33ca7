/**
 * Conditional display (spec 000 §4): radio and select options carry a relatedList of control
 * keys. The controls listed under the chosen option (or the default option) are shown; those
 * listed only under other options are hidden, and so, recursively, is everything a hidden
 * control would have shown. Hidden controls are neither validated nor submitted.
 */
import { choiceList } from './controls/choiceControls.ts';
import { flag, isRecord, modelOf, optionsOf, scalarText } from './lib/values.ts';
import { definitionOf, isSubTable, traitsOf } from './registry.ts';
import type { ControlSource, FormControl, FormValues } from './types.ts';
import { walkControls } from './walk.ts';

export interface Visibility {
  isHidden(control: FormControl): boolean;
  /** Keys of the hidden controls, grids and sub-tables included. */
  hiddenKeys: Set<string>;
  /** Models of the visible controls that hold a value (sub-tables included, layout excluded). */
  visibleModels: Set<string>;
}

function isController(control: FormControl): boolean {
  return traitsOf(control).optionRelations;
}

function relatedKeys(option: unknown): string[] {
  if (!isRecord(option) || !Array.isArray(option.relatedList)) return [];
  return option.relatedList.filter((k): k is string => typeof k === 'string' && k !== '');
}

/** The chosen values; an untouched control counts as having its default chosen. */
function chosen(control: FormControl, values: FormValues): Set<string> {
  const model = modelOf(control);
  const raw = model in values && values[model] !== undefined ? values[model] : optionsOf(control).defaultValue;
  if (Array.isArray(raw)) return new Set(choiceList(raw) ?? []);
  const one = scalarText(raw);
  return new Set(one === '' ? [] : [one]);
}

/*
 * A frozen source (deep-frozen by its owner: the server's import) whose options show or hide
 * nothing has the same visibility for every record; it is computed once. Callers must not
 * mutate the sets they get back.
 */
const CONSTANT_VISIBILITY = new WeakMap<object, Visibility>();

export function computeVisibility(source: ControlSource, values: FormValues): Visibility {
  const frozen = Object.isFrozen(source);
  const constant = frozen ? CONSTANT_VISIBILITY.get(source) : undefined;
  if (constant) return constant;
  const parents = new Map<FormControl, FormControl | null>();
  const byKey = new Map<string, FormControl>();
  const byModel = new Map<string, FormControl>();
  walkControls(source, (control, parent) => {
    parents.set(control, parent);
    if (typeof control.key === 'string' && control.key !== '' && !byKey.has(control.key)) byKey.set(control.key, control);
    const model = modelOf(control);
    if (model && !byModel.has(model)) byModel.set(model, control);
  });
  // relatedList holds keys; a model is accepted for designs that stored those instead.
  const resolve = (ref: string) => byKey.get(ref) ?? byModel.get(ref);
  const controllers = [...parents.keys()].filter(isController);

  const controlled = new Set<FormControl>();
  for (const controller of controllers) {
    for (const option of optionsOf(controller).options ?? []) {
      for (const ref of relatedKeys(option)) {
        const target = resolve(ref);
        if (target && target !== controller) controlled.add(target);
      }
    }
  }

  // A least fixpoint: start from what nobody controls and add what visible choices show, so
  // chains resolve in any order and a cycle with no visible entry stays hidden.
  const shown = new Set<FormControl>();
  const visible = (control: FormControl): boolean => {
    for (let c: FormControl | null | undefined = control; c; c = parents.get(c)) {
      if (controlled.has(c) && !shown.has(c)) return false;
    }
    return true;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const controller of controllers) {
      if (!visible(controller)) continue;
      const picked = chosen(controller, values);
      for (const option of optionsOf(controller).options ?? []) {
        if (!isRecord(option) || !picked.has(scalarText(option.value))) continue;
        for (const ref of relatedKeys(option)) {
          const target = resolve(ref);
          if (target && controlled.has(target) && !shown.has(target)) {
            shown.add(target);
            changed = true;
          }
        }
      }
    }
  }

  const hidden = new Set<FormControl>([...parents.keys()].filter((c) => !visible(c)));
  const hiddenKeys = new Set<string>();
  const visibleModels = new Set<string>();
  for (const control of parents.keys()) {
    if (hidden.has(control)) {
      if (typeof control.key === 'string' && control.key !== '') hiddenKeys.add(control.key);
      continue;
    }
    const holdsValue = isSubTable(control) || (definitionOf(control)?.family ?? 'layout') !== 'layout';
    if (holdsValue && modelOf(control)) visibleModels.add(modelOf(control));
  }
  const result: Visibility = { isHidden: (control) => hidden.has(control), hiddenKeys, visibleModels };
  if (frozen && controlled.size === 0) CONSTANT_VISIBILITY.set(source, result);
  return result;
}

/** Models of the controls shown for these values. */
export function visibleModels(source: ControlSource, values: FormValues): Set<string> {
  return computeVisibility(source, values).visibleModels;
}

/** Keys of the controls hidden for these values. */
export function hiddenControlKeys(source: ControlSource, values: FormValues): Set<string> {
  return computeVisibility(source, values).hiddenKeys;
}

/** showFields hides a control when adding, editShowFields when editing (spec 000 §2). */
export function isShownInMode(control: FormControl, mode: 'add' | 'edit' | undefined): boolean {
  const options = optionsOf(control);
  if (mode === 'add') return !flag(options.showFields);
  if (mode === 'edit') return !flag(options.editShowFields);
  return true;
}
