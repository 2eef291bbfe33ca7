/**
 * The designer's edits of a FormMeta (issue 9): add from the palette, move, drop into grid columns
 * and sub-tables, copy, delete and update. Pure functions: the canvas keeps the results in its
 * undo history.
 */
import { definitionOf, holdsColumns, isSubTable, traitsOf } from '../form/registry.ts';
import type { ControlType } from '../form/registry.ts';
import type { FormControl, FormMeta } from '../form/types.ts';
import { CONTROL_TEMPLATES } from './templates.ts';
import { allControls, findControl, listAt, mapControl, mapSlot, selfAndInside, type Place, type Slot } from './tree.ts';

/**
 * Where new keys come from. Keys look like the original's (`input_1732240000000`); a test passes
 * a counter so its designs are the same on every run.
 */
export interface IdSource {
  next(): string;
}

/** Time-based tokens that never repeat within a session, even within one millisecond. */
export function clockIds(now: () => number = Date.now): IdSource {
  let last = 0;
  return {
    next() {
      last = Math.max(last + 1, now());
      return String(last);
    },
  };
}

export function counterIds(start = 1): IdSource {
  let n = start;
  return { next: () => String(n++) };
}

/** Designs are JSON text at rest, so a JSON round trip is a faithful deep copy. */
const cloneJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Layout controls (grid, text, blank) store nothing and need no model. */
export function needsModel(control: FormControl): boolean {
  return isSubTable(control) || (definitionOf(control)?.family ?? 'layout') !== 'layout';
}

/** Every name a design already uses: keys, display names and (lower-cased) column names. */
interface Taken {
  keys: Set<string>;
  names: Set<string>;
  columns: Set<string>;
}

function takenIn(meta: FormMeta): Taken {
  const taken: Taken = { keys: new Set(), names: new Set(), columns: new Set() };
  for (const control of allControls(meta)) reserve(taken, control);
  return taken;
}

function reserve(taken: Taken, control: FormControl): void {
  if (typeof control.key === 'string') taken.keys.add(control.key);
  if (typeof control.name === 'string') taken.names.add(control.name);
  if (typeof control.model === 'string' && control.model) taken.columns.add(control.model.toLowerCase());
  for (const column of definitionOf(control)?.columns(control) ?? []) taken.columns.add(column.name.toLowerCase());
}

/** `base` + the smallest counter from 1 not yet taken (单行文本1, 单行文本2…). */
function counted(base: string, isTaken: (candidate: string) => boolean, joiner = ''): string {
  for (let n = 1; ; n++) {
    const candidate = `${base}${joiner}${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** The stem a copy counts from: 单行文本3 → 单行文本, input_3 → input. */
const stemOf = (text: string, pattern: RegExp) => text.replace(pattern, '') || text;

/**
 * Gives a control (and whatever it contains) a fresh key, a readable unique model and a display
 * name counted up from its stem. Used for palette controls, copies and pastes alike.
 */
function withIdentity(control: FormControl, taken: Taken, ids: IdSource, keepFree = false): FormControl {
  const type = String(control.type);
  let key: string;
  do key = `${type}_${ids.next()}`;
  while (taken.keys.has(key));
  const ownName = typeof control.name === 'string' ? control.name : '';
  const stem = stemOf(ownName || type, /\d+$/);
  const nameTaken = (n: string) => taken.names.has(n);
  const name = keepFree && ownName && !nameTaken(ownName) ? ownName : counted(stem, nameTaken);
  const next: FormControl = { ...cloneJson(control), key, name };
  if (needsModel(next)) {
    const ownModel = typeof control.model === 'string' ? control.model : '';
    const modelStem = stemOf(ownModel || type, /_\d+$/);
    const clash = (model: string) => {
      const probe = withColumns({ ...next, model });
      return [model, ...(definitionOf(probe)?.columns(probe).map((c) => c.name) ?? [])].some((c) =>
        taken.columns.has(c.toLowerCase()),
      );
    };
    const model = keepFree && ownModel && !clash(ownModel) ? ownModel : counted(modelStem, clash, '_');
    Object.assign(next, withColumns({ ...next, model }));
  } else delete next.model;
  reserve(taken, next);
  if (holdsColumns(next) && Array.isArray(next.columns)) {
    next.columns = next.columns.map((col) => ({
      ...col,
      list: (Array.isArray(col.list) ? col.list : []).map((c) => withIdentity(c, taken, ids, keepFree)),
    }));
  }
  if (isSubTable(next)) {
    // A sub-table's columns live in their own table: their names only need to be unique there.
    const inner: Taken = { keys: taken.keys, names: new Set(), columns: new Set() };
    next.tableColumns = (Array.isArray(next.tableColumns) ? next.tableColumns : []).map((c) => withIdentity(c, inner, ids, keepFree));
  }
  return next;
}

/** Columns derived from the model: pickers' label column, region and map parts. */
function withColumns(control: FormControl): FormControl {
  const model = String(control.model);
  const out = { ...control };
  if ('label_model' in control) out.label_model = `${model}_label`;
  const parts = traitsOf(control).partColumns;
  if (parts) {
    const ext = { ...(typeof control.modelExt === 'object' && control.modelExt ? control.modelExt : {}) };
    for (const [part, column] of Object.entries(parts)) ext[part] = `${model}_${column}`;
    out.modelExt = ext;
  }
  return out;
}

/** A new control of `type` from the palette, named and keyed for this design. */
export function newControl(meta: FormMeta, type: ControlType, ids: IdSource): FormControl {
  return withIdentity(cloneJson(CONTROL_TEMPLATES[type]) as FormControl, takenIn(meta), ids);
}

/**
 * A copy of a control for `meta`: fresh keys, and names and models counted up from the original's.
 * With `keepFree` (a control brought from another form) a name or model this form does not use yet
 * is kept as it was.
 */
export function cloneControl(meta: FormMeta, control: FormControl, ids: IdSource, keepFree = false): FormControl {
  return withIdentity(control, takenIn(meta), ids, keepFree);
}

/**
 * Whether `control` may go into `slot`: a sub-table holds fields only (no grid, text, blank or
 * nested sub-table), and a grid may not go inside itself.
 */
export function canDrop(meta: FormMeta, control: FormControl, slot: Slot): boolean {
  if (slot.kind === 'table' && (!needsModel(control) || isSubTable(control))) return false;
  if (slot.kind === 'grid') {
    const inside = new Set(selfAndInside(control).map((c) => c.key));
    if (inside.has(slot.gridKey)) return false;
    // A grid inside a sub-table's row is not a thing; neither is a grid placed in a sub-table.
    if (findControl(meta, slot.gridKey)?.parentTable) return false;
  }
  return listAt(meta, slot) !== undefined;
}

function clampIndex(list: readonly unknown[], index: number): number {
  return Math.max(0, Math.min(list.length, Number.isFinite(index) ? Math.trunc(index) : list.length));
}

/** Inserts at a place; an impossible place leaves the design as it was. */
export function insertControl(meta: FormMeta, control: FormControl, place: Place): FormMeta {
  if (!canDrop(meta, control, place.slot)) return meta;
  return mapSlot(meta, place.slot, (list) => {
    const out = [...list];
    out.splice(clampIndex(list, place.index), 0, control);
    return out;
  });
}

/**
 * Deletes a control with whatever it contains. Options that showed it drop it from their
 * relatedList, so a deletion never leaves a dangling relation behind.
 */
export function removeControl(meta: FormMeta, key: string): FormMeta {
  const found = findControl(meta, key);
  if (!found) return meta;
  const without = mapSlot(meta, found.place.slot, (list) => list.filter((_, i) => i !== found.place.index));
  const gone = new Set(selfAndInside(found.control).map((c) => c.key));
  return dropRelations(without, gone);
}

function dropRelations(meta: FormMeta, gone: ReadonlySet<unknown>): FormMeta {
  let out = meta;
  for (const control of allControls(meta)) {
    const options = control.options?.options;
    if (!Array.isArray(options) || !options.some((o) => Array.isArray(o?.relatedList) && o.relatedList.some((k) => gone.has(k)))) continue;
    const next = options.map((o) =>
      Array.isArray(o?.relatedList) ? { ...o, relatedList: o.relatedList.filter((k) => !gone.has(k)) } : o,
    );
    out = mapControl(out, String(control.key), (c) => ({ ...c, options: { ...c.options, options: next } }));
  }
  return out;
}

/**
 * Moves a control; `place.index` counts in the target list as it is once the control has left
 * its old place (the way a sortable list reports a drop).
 */
export function moveControl(meta: FormMeta, key: string, place: Place): FormMeta {
  const found = findControl(meta, key);
  if (!found) return meta;
  const without = removeControl(meta, key);
  if (!canDrop(without, found.control, place.slot)) return meta;
  return insertControl(without, found.control, place);
}

/**
 * Replaces a control; the key stays the one it had. When the model changes, the columns derived
 * from it (a picker's label column, region and map parts) follow, unless the designer had named
 * them otherwise.
 */
export function updateControl(meta: FormMeta, key: string, next: FormControl): FormMeta {
  return mapControl(meta, key, (before) => followModel(before, { ...next, key }));
}

function followModel(before: FormControl, next: FormControl): FormControl {
  const from = typeof before.model === 'string' ? before.model : '';
  const to = typeof next.model === 'string' ? next.model : '';
  if (to === '' || from === to) return next;
  /* A derived name is `${model}_${suffix}`. While the model field was being retyped it may have
     been empty for a moment; then any `…_${suffix}` counts as derived. */
  const derived = (column: unknown, suffix: string) =>
    typeof column === 'string' && (from === '' ? column.endsWith(`_${suffix}`) : column === `${from}_${suffix}`);
  const out = { ...next };
  if (derived(next.label_model, 'label')) out.label_model = `${to}_label`;
  const parts = traitsOf(next).partColumns;
  if (parts && typeof next.modelExt === 'object' && next.modelExt !== null) {
    const ext = { ...next.modelExt };
    for (const [part, suffix] of Object.entries(parts)) if (derived(ext[part], suffix)) ext[part] = `${to}_${suffix}`;
    out.modelExt = ext;
  }
  return out;
}

/** A copy right after the original; returns the design and the copy's key. */
export function copyControl(meta: FormMeta, key: string, ids: IdSource): { meta: FormMeta; key: string } | undefined {
  const found = findControl(meta, key);
  if (!found) return undefined;
  const copy = cloneControl(meta, found.control, ids);
  return { meta: insertControl(meta, copy, { ...found.place, index: found.place.index + 1 }), key: String(copy.key) };
}

/** Adds a palette control at a place; returns the design and the new control's key. */
export function addFromPalette(meta: FormMeta, type: ControlType, place: Place, ids: IdSource): { meta: FormMeta; key: string } {
  const control = newControl(meta, type, ids);
  const next = insertControl(meta, control, place);
  return { meta: next, key: next === meta ? '' : String(control.key) };
}
