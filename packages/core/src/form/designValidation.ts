/**
 * Checks a form design before saveformdesign stores it and syncs its tables (DESIGN §4): every
 * identifier that will become a column or a table suffix, every pattern, relation and formula.
 */
import { chosenRecordCheckProblems } from './chosenRecordChecks.ts';
import { holdsList } from './controls/choiceControls.ts';
import { compilePattern } from './lib/patterns.ts';
import { isRecord, modelOf, nameOf, optionsOf, rulesOf, scalarText } from './lib/values.ts';
import { design, FORM_META_MALFORMED } from './messages.ts';
import { isNumberFormula, isNumericSource, parseFormula } from './formula.ts';
import { definitionOf, holdsColumns, isSubTable, isCalculated, traitsOf } from './registry.ts';
import type { FormConfig, FormControl, FormMeta } from './types.ts';
import { flattenControls, listOf, subTableChildren, subTablesOf } from './walk.ts';

/** DESIGN §4: designer-chosen identifiers (models, column names, subKeys). */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
/** Columns every form table has; a control may not take their names. */
export const SYSTEM_COLUMNS: readonly string[] = [
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'company_id',
  'org_id',
  'version',
  'parent_id',
];

/**
 * SQL keywords a column may not be named after (PostgreSQL's reserved words plus the common
 * statement words): quoting makes them work in our SQL, but reports and exports written by hand
 * against the form tables would trip over them.
 */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate ' +
    'collation column concurrently constraint create cross current_catalog current_date current_role ' +
    'current_schema current_time current_timestamp current_user default deferrable delete desc distinct do ' +
    'drop else end except exists false fetch for foreign freeze from full grant group having ilike in ' +
    'index initially inner insert intersect into is isnull join key lateral leading left like limit ' +
    'localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing ' +
    'primary references returning right select session_user set similar some symmetric system_user table ' +
    'tablesample then to trailing true truncate union unique update user using values variadic verbose ' +
    'when where window with alter between by'
  ).split(' '),
);

export interface DesignError {
  controlKey: string;
  name: string;
  message: string;
}

export interface DesignCheck {
  ok: boolean;
  errors: DesignError[];
}

const RESERVED = new Set(SYSTEM_COLUMNS);

function errorOf(control: FormControl | null, message: string): DesignError {
  return {
    controlKey: control && typeof control.key === 'string' ? control.key : '',
    name: control ? nameOf(control) : '',
    message,
  };
}

/** Any list entry that is not a control object makes the whole design malformed. */
function hasMalformedEntry(list: unknown): boolean {
  if (!Array.isArray(list)) return true;
  return list.some((entry) => {
    if (!isRecord(entry) || typeof entry.type !== 'string') return true;
    if (holdsColumns({ type: entry.type, options: {} }) && Array.isArray(entry.columns)) {
      return entry.columns.some((column) => !isRecord(column) || (column.list !== undefined && hasMalformedEntry(column.list)));
    }
    return isSubTable(entry as FormControl) && entry.tableColumns !== undefined && hasMalformedEntry(entry.tableColumns);
  });
}

/** Names (models and columns) of one table, each owned by the control that introduced it. */
function checkNames(controls: FormControl[], errors: DesignError[]): void {
  const owners = new Map<string, FormControl>();
  for (const control of controls) {
    const definition = definitionOf(control);
    if (!definition || definition.family === 'layout' || isSubTable(control)) continue;
    const name = nameOf(control);
    const model = modelOf(control);
    if (!model) {
      errors.push(errorOf(control, design.missingModel(name)));
      continue;
    }
    const columns = definition.columns(control).map((c) => c.name);
    const invalid = [model, ...columns].filter((n) => !IDENTIFIER.test(n));
    for (const bad of new Set(invalid)) errors.push(errorOf(control, design.invalidColumn(name, bad)));
    if (invalid.length > 0) continue;
    for (const column of new Set([model, ...columns])) {
      if (RESERVED.has(column.toLowerCase())) errors.push(errorOf(control, design.reservedColumn(name, column)));
      else if (SQL_KEYWORDS.has(column.toLowerCase())) errors.push(errorOf(control, design.sqlKeyword(name, column)));
    }
    for (const taken of new Set([model, ...columns])) {
      const owner = owners.get(taken.toLowerCase());
      if (owner && owner !== control) errors.push(errorOf(control, design.duplicateColumn(name, taken, nameOf(owner))));
      else owners.set(taken.toLowerCase(), control);
    }
  }
}

function checkPatterns(control: FormControl, errors: DesignError[]): void {
  const patterns = rulesOf(control).map((r) => r.pattern);
  patterns.push(optionsOf(control).pattern);
  for (const pattern of new Set(patterns)) {
    if (typeof pattern !== 'string' || pattern.trim() === '') continue;
    if (!compilePattern(pattern)) errors.push(errorOf(control, design.invalidPattern(nameOf(control), pattern)));
  }
}

function optionList(control: FormControl): Record<string, unknown>[] {
  const options = optionsOf(control).options;
  return Array.isArray(options) ? options.filter(isRecord) : [];
}

function relatedOf(control: FormControl): string[] {
  if (!traitsOf(control).optionRelations) return [];
  return optionList(control).flatMap((o) => (Array.isArray(o.relatedList) ? o.relatedList.filter((k): k is string => typeof k === 'string') : []));
}

/** relatedList entries must name controls of the same table, without a loop of controllers. */
function checkRelations(controls: FormControl[], errors: DesignError[]): void {
  const byRef = new Map<string, FormControl>();
  for (const c of controls) if (modelOf(c)) byRef.set(modelOf(c), c);
  for (const c of controls) if (typeof c.key === 'string' && c.key !== '') byRef.set(c.key, c);
  for (const control of controls) {
    for (const ref of new Set(relatedOf(control))) {
      if (!byRef.has(ref)) errors.push(errorOf(control, design.unknownRelated(nameOf(control), ref)));
    }
  }
  const targets = (c: FormControl) => relatedOf(c).flatMap((ref) => (byRef.has(ref) ? [byRef.get(ref)!] : []));
  for (const start of controls) {
    const seen = new Set<FormControl>();
    const stack = targets(start);
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) {
        errors.push(errorOf(start, design.relatedCycle(nameOf(start))));
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...targets(next));
    }
  }
}

function checkFormula(control: FormControl, byModel: Map<string, FormControl>, errors: DesignError[]): void {
  const name = nameOf(control);
  const parsed = parseFormula(optionsOf(control).formula);
  if (!parsed.ok) {
    if (parsed.error === 'empty') return;
    const message =
      parsed.error === 'type' ? design.formulaType(name, parsed.type) : parsed.error === 'dateShape' ? design.formulaDateShape(name) : design.formulaSyntax(name);
    errors.push(errorOf(control, message));
    return;
  }
  for (const ref of new Set(parsed.refs)) {
    const source = byModel.get(ref);
    if (!source || source === control) {
      errors.push(errorOf(control, design.formulaUnknownField(name, ref)));
      continue;
    }
    const fits =
      isNumberFormula(parsed) ? isNumericSource(source.type) : traitsOf(source).dateKind !== null;
    if (!fits) errors.push(errorOf(control, design.formulaFieldType(name, ref)));
  }
}

/** Checks that need no other control: type, key, patterns, option values, formula shape. */
function checkControls(controls: FormControl[], errors: DesignError[], insideSubTable: boolean): void {
  const keys = new Set<string>();
  const byModel = new Map(controls.filter((c) => modelOf(c)).map((c) => [modelOf(c), c] as const));
  for (const control of controls) {
    const name = nameOf(control);
    if (!definitionOf(control)) {
      errors.push(errorOf(control, design.unknownType(name, String(control.type))));
      continue;
    }
    if (typeof control.key === 'string' && control.key !== '') {
      if (keys.has(control.key)) errors.push(errorOf(control, design.duplicateKey(name, control.key)));
      keys.add(control.key);
    }
    if (insideSubTable && isSubTable(control)) errors.push(errorOf(control, design.nestedSubTable(name)));
    checkPatterns(control, errors);
    if (holdsList(control)) {
      for (const option of optionList(control)) {
        const value = scalarText(option.value);
        if (value.includes(',')) errors.push(errorOf(control, design.commaInOption(name, value)));
      }
    }
    if (isCalculated(control)) checkFormula(control, byModel, errors);
  }
}

/** A subKey is also the key of the sub-table's rows among the form values, so models may not take it. */
function checkSubKeys(tables: FormControl[], main: FormControl[], errors: DesignError[]): void {
  const seen = new Set(main.filter((c) => !isSubTable(c) && modelOf(c)).map((c) => modelOf(c).toLowerCase()));
  for (const table of tables) {
    const name = nameOf(table);
    const subKey = modelOf(table);
    if (!subKey) errors.push(errorOf(table, design.missingSubKey(name)));
    else if (!IDENTIFIER.test(subKey)) errors.push(errorOf(table, design.invalidSubKey(name, subKey)));
    else if (SQL_KEYWORDS.has(subKey.toLowerCase())) errors.push(errorOf(table, design.sqlKeywordSubKey(name, subKey)));
    else if (seen.has(subKey.toLowerCase())) errors.push(errorOf(table, design.duplicateSubKey(name, subKey)));
    seen.add(subKey.toLowerCase());
  }
}

/** The problems of a design; ok when there are none. */
export function validateFormMeta(meta: unknown): DesignCheck {
  if (!isRecord(meta) || hasMalformedEntry(meta.list)) {
    return { ok: false, errors: [errorOf(null, FORM_META_MALFORMED)] };
  }
  const errors: DesignError[] = [];
  const main = flattenControls(meta as FormMeta);
  checkControls(main, errors, false);
  checkNames(main, errors);
  checkRelations(main, errors);
  const tables = subTablesOf(meta as FormMeta);
  checkSubKeys(tables, main, errors);
  for (const table of tables) {
    const children = flattenControls(subTableChildren(table));
    checkControls(children, errors, true);
    checkNames(children, errors);
    checkRelations(children, errors);
  }
  for (const problem of chosenRecordCheckProblems(meta as FormMeta)) errors.push(errorOf(null, problem));
  return { ok: errors.length === 0, errors };
}

export type ParsedFormMeta = { ok: true; meta: FormMeta } | { ok: false; message: string };

function normalizeControl(control: FormControl): FormControl {
  const out: FormControl = { ...control, options: optionsOf(control) };
  if (holdsColumns(control)) {
    out.columns = (Array.isArray(control.columns) ? control.columns.filter(isRecord) : []).map((column) => ({
      ...column,
      list: listOf(column.list).map(normalizeControl),
    }));
  }
  if (isSubTable(control)) out.tableColumns = listOf(control.tableColumns).map(normalizeControl);
  return out;
}

/**
 * formMeta from JSON text or an object, with the parts code relies on made present (list,
 * config, options of every control). The caller's object is not modified.
 */
export function parseFormMeta(input: unknown): ParsedFormMeta {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      return { ok: false, message: FORM_META_MALFORMED };
    }
  }
  if (!isRecord(raw) || !Array.isArray(raw.list)) return { ok: false, message: FORM_META_MALFORMED };
  const config: FormConfig = isRecord(raw.config) ? raw.config : {};
  return { ok: true, meta: { ...raw, list: listOf(raw.list).map(normalizeControl), config } };
}
