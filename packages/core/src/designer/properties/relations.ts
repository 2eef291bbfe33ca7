/**
 * Option relations for the designer (spec 000 §4): a radio or select option's relatedList names
 * the controls it shows. The panel offers the controls of the same table as targets and previews
 * the chains the relations make (性别=女 → 是否怀孕 → 预产期), so an administrator sees at a
 * glance what shows what. Targets are resolved as the runtime resolves them: by key, then model.
 */
import { isRecord, modelOf, nameOf, optionsOf, scalarText } from '../../form/lib/values.ts';
import type { ControlSource, FormControl } from '../../form/types.ts';
import { walkControls } from '../../form/walk.ts';
import { traitsOf } from '../../form/registry.ts';

export interface RelationCandidate {
  key: string;
  name: string;
  type: string;
}

export interface OptionChains {
  value: string;
  label: string;
  /** Every path from this option, each a list of display names starting with the controller's. */
  chains: string[][];
}

/** Only radio and select options show or hide other controls at run time. */
export function controlsOthers(control: FormControl): boolean {
  return traitsOf(control).optionRelations;
}

function keyOf(control: FormControl): string {
  return typeof control.key === 'string' ? control.key : '';
}

export function relatedListOf(option: unknown): string[] {
  if (!isRecord(option) || !Array.isArray(option.relatedList)) return [];
  return option.relatedList.filter((k): k is string => typeof k === 'string' && k !== '');
}

function optionsList(control: FormControl): Record<string, unknown>[] {
  const list = optionsOf(control).options;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

interface Index {
  resolve(ref: string): FormControl | undefined;
  parents: Map<FormControl, FormControl | null>;
}

function indexOf(source: ControlSource): Index {
  const byKey = new Map<string, FormControl>();
  const byModel = new Map<string, FormControl>();
  const parents = new Map<FormControl, FormControl | null>();
  walkControls(source, (control, parent) => {
    parents.set(control, parent);
    if (keyOf(control) && !byKey.has(keyOf(control))) byKey.set(keyOf(control), control);
    if (modelOf(control) && !byModel.has(modelOf(control))) byModel.set(modelOf(control), control);
  });
  return { resolve: (ref) => byKey.get(ref) ?? byModel.get(ref), parents };
}

/**
 * The controls an option of `control` may show: every control of the same table except the
 * controller itself and the grids around it (hiding those would hide the controller too).
 */
export function relationCandidates(source: ControlSource, control: FormControl): RelationCandidate[] {
  const { parents } = indexOf(source);
  const self = [...parents.keys()].find((c) => c === control || (keyOf(c) !== '' && keyOf(c) === keyOf(control)));
  const around = new Set<FormControl>();
  for (let p = self ? parents.get(self) : null; p; p = parents.get(p)) around.add(p);
  const out: RelationCandidate[] = [];
  for (const candidate of parents.keys()) {
    if (candidate === self || around.has(candidate) || keyOf(candidate) === '') continue;
    if (self === undefined && keyOf(candidate) === keyOf(control)) continue;
    out.push({ key: keyOf(candidate), name: nameOf(candidate) || keyOf(candidate), type: String(candidate.type) });
  }
  return out;
}

function optionLabel(option: Record<string, unknown>): string {
  return scalarText(option.label) || scalarText(option.value);
}

/**
 * The chains each option of `control` starts: the targets it shows and, through targets that
 * are controllers themselves, what those show in turn (any of their options). A relation that
 * leads back to a control already on the path ends the chain with "（循环）".
 */
export function relationChains(source: ControlSource, control: FormControl): OptionChains[] {
  const { resolve } = indexOf(source);
  const display = (c: FormControl) => nameOf(c) || keyOf(c);
  const follow = (refs: string[], path: FormControl[], names: string[]): string[][] => {
    const out: string[][] = [];
    for (const ref of refs) {
      const target = resolve(ref);
      if (!target) {
        out.push([...names, `${ref}（不存在）`]);
        continue;
      }
      if (path.includes(target)) {
        out.push([...names, `${display(target)}（循环）`]);
        continue;
      }
      const nextRefs = controlsOthers(target) ? [...new Set(optionsList(target).flatMap(relatedListOf))] : [];
      const here = [...names, display(target)];
      out.push(...(nextRefs.length > 0 ? follow(nextRefs, [...path, target], here) : [here]));
    }
    return out;
  };
  return optionsList(control).map((option) => ({
    value: scalarText(option.value),
    label: optionLabel(option),
    chains: follow(relatedListOf(option), [control], [`${display(control)}=${optionLabel(option)}`]),
  }));
}

/** A chain as the panel prints it. */
export function chainText(chain: readonly string[]): string {
  return chain.join(' → ');
}
