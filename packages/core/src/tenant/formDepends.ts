import { flattenControls, storageColumns, subTableChildren, subTablesOf } from '../form/walk.ts';
import { traitsOf } from '../form/registry.ts';
import { isRecord } from '../form/lib/values.ts';
import type { Column, ControlSource, FormControl, FormMeta } from '../form/types.ts';

/*
 * What a form needs besides itself (issue 36, 表单分配 依赖分析): the forms its controls read records
 * from (数据引用, 通用数据 pickers, sub-tables filled from a form), the tables it stores in (its
 * sub-tables'), and the dictionaries its dictionary controls choose from. Which control points
 * where is the control registry's trait (formSource, dictionary), never a type name, so a new
 * control type joins by its definition. Pure over designs: the server reads them, packages
 * (issue 41) reuse the same walk.
 */

/** A form's design as the analysis needs it. */
export interface DependDesign {
  formName: string;
  meta: FormMeta;
}

/** What one design names directly. */
export interface DirectDepends {
  formIds: string[];
  /** Physical tables of its sub-tables: form_<id>__<subKey>. */
  tables: string[];
  dictionaries: string[];
}

export interface FormDepends {
  /** The forms asked about that exist: id → name. */
  originalFormMap: Record<string, string>;
  /** Every form they need, transitively, that is not one of them: id → name. */
  dependsFormMap: Record<string, string>;
  /** The tables of the forms asked about and of their dependencies (main and sub-tables). */
  dependTables: string[];
  /** Dictionary type codes used by any of those forms. */
  dependDictionaries: string[];
  /** Forms named by a design but not given (a deleted form, or one not loaded yet). */
  missing: string[];
}

const FORM_TABLE = /^form_([1-9]\d{0,15})(?:__[A-Za-z][A-Za-z0-9_]*)?$/;
const FORM_ID = /^[1-9]\d{0,15}$/;

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The form a control reads records from, by its trait; null when it names none (or names it badly). */
export function formSourceOf(control: FormControl): string | null {
  const where = traitsOf(control).formSource;
  const options = isRecord(control.options) ? control.options : {};
  if (where === 'dsConf') {
    const ds = options.dsConf;
    const id = isRecord(ds) ? text(ds.formId) : '';
    return FORM_ID.test(id) ? id : null;
  }
  if (where === 'mapsSource') {
    const maps = options.maps;
    const source = isRecord(maps) && isRecord(maps.source) ? maps.source : null;
    // A picker over a data source (datasource set) reads no form.
    if (!source || text(source.datasource)) return null;
    return FORM_TABLE.exec(text(source.table))?.[1] ?? null;
  }
  return null;
}

function everyControl(source: ControlSource): FormControl[] {
  const main = flattenControls(source);
  return [...main, ...subTablesOf(source).flatMap((sub) => flattenControls(subTableChildren(sub)))];
}

/** What one design names directly (its own id left out of the forms). */
export function directDepends(formId: string, meta: FormMeta): DirectDepends {
  const formIds = new Set<string>();
  const dictionaries = new Set<string>();
  for (const control of everyControl(meta)) {
    const source = formSourceOf(control);
    if (source && source !== formId) formIds.add(source);
    const code = traitsOf(control).dictionary ? text(control.typeCode) : '';
    if (code) dictionaries.add(code);
  }
  const tables = storageColumns(meta).subTables.map((s) => `form_${formId}__${s.subKey}`);
  return { formIds: [...formIds], tables, dictionaries: [...dictionaries] };
}

/**
 * The closure of `roots` over `designs`: every form reached through form sources, breadth first,
 * each visited once (a cycle ends where it started). A form named but absent from `designs` is in
 * `missing`; a caller that loads designs lazily adds those and asks again until none is missing.
 */
export function analyzeFormDepends(roots: readonly string[], designs: ReadonlyMap<string, DependDesign>): FormDepends {
  const originalFormMap: Record<string, string> = {};
  const dependsFormMap: Record<string, string> = {};
  const tables = new Set<string>();
  const dictionaries = new Set<string>();
  const missing = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const id of roots) {
    if (seen.has(id)) continue;
    seen.add(id);
    const design = designs.get(id);
    if (!design) continue; // a root that does not exist is simply not analysed
    originalFormMap[id] = design.formName;
    queue.push(id);
  }
  while (queue.length > 0) {
    const id = queue.shift()!;
    const design = designs.get(id)!;
    tables.add(`form_${id}`);
    const direct = directDepends(id, design.meta);
    for (const t of direct.tables) tables.add(t);
    for (const d of direct.dictionaries) dictionaries.add(d);
    for (const next of direct.formIds) {
      if (seen.has(next)) continue;
      seen.add(next);
      const found = designs.get(next);
      if (!found) {
        missing.add(next);
        continue;
      }
      dependsFormMap[next] = found.formName;
      queue.push(next);
    }
  }
  return {
    originalFormMap,
    dependsFormMap,
    dependTables: [...tables],
    dependDictionaries: [...dictionaries],
    missing: [...missing],
  };
}

/** A stored column the new design no longer has, or stores as another type. */
export interface DesignChange {
  /** `subKey` null: the main table. */
  subKey: string | null;
  column: string;
  kind: 'dropped' | 'retyped';
  from: Column['sqlType'];
  to?: Column['sqlType'];
}

/**
 * What moving a copy from design `before` to `after` takes away (同步配置): columns dropped and
 * columns whose type changed. Whether that loses anything depends on a tenant's rows, which the
 * server checks; a change that only adds columns returns nothing.
 */
export function designChanges(before: FormMeta, after: FormMeta): DesignChange[] {
  const out: DesignChange[] = [];
  const a = storageColumns(before);
  const b = storageColumns(after);
  const compare = (subKey: string | null, was: Column[], now: Column[] | undefined) => {
    const next = new Map((now ?? []).map((c) => [c.name, c.sqlType]));
    for (const c of was) {
      const type = next.get(c.name);
      if (type === undefined) out.push({ subKey, column: c.name, kind: 'dropped', from: c.sqlType });
      else if (type !== c.sqlType) out.push({ subKey, column: c.name, kind: 'retyped', from: c.sqlType, to: type });
    }
  };
  compare(null, a.main, b.main);
  const subsAfter = new Map(b.subTables.map((s) => [s.subKey, s.columns]));
  for (const s of a.subTables) compare(s.subKey, s.columns, subsAfter.get(s.subKey));
  return out;
}
