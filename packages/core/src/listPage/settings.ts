/**
 * A form's list page as its `sensorSettings` describe it (spec 000 §2/§3, spec 002 §2/§3):
 * query fields laid out in `queryLayout.columnCount` columns, result columns, function buttons
 * (add, remove, import, export, custom) and row buttons (edit, delete, view, custom), and
 * `addShowType`. The settings are user-designed JSON, so every field is read defensively and
 * anything unknown is dropped rather than guessed.
 */
import { holdsList } from '../form/controls/choiceControls.ts';
import { labelColumnOf } from '../form/controls/pickerControls.ts';
import type { DateKind } from '../form/lib/dateText.ts';
import { designNumber, flag, isRecord, nameOf, optionsOf, scalarText } from '../form/lib/values.ts';
import { definitionOf, isSubTable, traitsOfType } from '../form/registry.ts';
import type { ControlOption, FormControl, FormMeta, JumpInfo } from '../form/types.ts';
import { flattenControls } from '../form/walk.ts';
import type { MatchType } from '../query/matchTypes.ts';
import { LIST_PAGE_SIZE } from './importExport.ts';

/** How a query field is entered in the query bar. */
export type QueryInput = 'text' | 'number' | 'select' | 'multiSelect' | 'date' | 'dateRange' | 'numberRange';
/** The match types the query bar sends (spec 002 §5: a condition only when its value is not empty). */
export type QueryOp = Extract<MatchType, '$like' | '$eq' | '$in' | '$all'>;

export interface QueryChoice {
  value: string;
  label: string;
}

export interface QueryField {
  /** The column the condition names. */
  key: string;
  label: string;
  op: QueryOp;
  input: QueryInput;
  options: QueryChoice[];
  /** For date inputs: which stored format the value takes. */
  dateKind: DateKind | null;
  /** style.widthScale: how many layout cells the field spans (1 by default). */
  span: number;
}

export interface ResultColumn {
  /** The column (a control model or a system column) the cell reads. */
  key: string;
  title: string;
  /** The control drawn in the cell; null for system columns. */
  control: FormControl | null;
  /** Set when the column is a jump link (isJump); the info itself may still be empty. */
  jump: { info: JumpInfo | null } | null;
  /** The column the server sorts on, or null when sorting by it would mean nothing (files, lists). */
  sortKey: string | null;
}

export type FunctionAction = 'add' | 'delete' | 'import' | 'export' | 'custom';
export type RowAction = 'edit' | 'delete' | 'view' | 'custom';

export interface ListButton<A extends string> {
  action: A;
  name: string;
  /** Only custom buttons carry one. */
  jump: JumpInfo | null;
  /** Unique within its list, for React keys and test ids. */
  id: string;
  /**
   * A row button shows only on rows where every condition holds: the row's `model` is one of
   * `values` (the original's optButtons `cond`). Empty: always shown.
   */
  cond: ButtonCondition[];
}

export interface ButtonCondition {
  model: string;
  values: string[];
}

function conditionsOf(raw: unknown): ButtonCondition[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isRecord)
    .map((c) => ({ model: text(c.model ?? c.key), values: (Array.isArray(c.values) ? c.values : []).map((v) => scalarText(v)) }))
    // A condition without values would hide the button everywhere; it is taken as not configured.
    .filter((c) => c.model !== '' && c.values.length > 0);
}

/** Whether a row button shows on this row (its `cond`, see ListButton). */
export function rowButtonShown(button: { cond: readonly ButtonCondition[] }, row: Readonly<Record<string, unknown>>): boolean {
  return button.cond.every((c) => c.values.includes(scalarText(row[c.model])));
}

export interface ListSettings {
  fields: QueryField[];
  /** queryLayout.columnCount, 1 to 6. */
  columnCount: number;
  columns: ResultColumn[];
  functionButtons: Array<ListButton<FunctionAction>>;
  rowButtons: Array<ListButton<RowAction>>;
  /** addShowType 'full': 新增 opens the full add page instead of the dialog. */
  addFull: boolean;
  /** Where the page came from: the designer's sensorSettings, or a saved sensorSettingsV2 layout. */
  source: 'sensorSettings' | 'sensorSettingsV2';
  /** The table widget the data calls name (queryFormDataV2's widgetId); null for sensorSettings. */
  widgetId: string | null;
  /** The first page size (the table widget's style.pageSize), LIST_PAGE_SIZE otherwise. */
  pageSize: number;
}

export const DEFAULT_COLUMN_COUNT = 3;

/** System columns a list may show or filter on, with their headers. */
export const SYSTEM_COLUMN_TITLES: Readonly<Record<string, string>> = {
  id: '编号',
  create_time: '创建时间',
  update_time: '更新时间',
};

/** Families whose stored column orders the way a person expects. */
const SORTABLE_FAMILIES = new Set(['text', 'number', 'choice', 'switch', 'date', 'formula']);

const text = (v: unknown) => scalarText(v).trim();

/** Value controls of the main table, by model (first of a model wins), in design order. */
export function valueControls(meta: FormMeta): Map<string, FormControl> {
  const out = new Map<string, FormControl>();
  for (const c of flattenControls(meta)) {
    const def = definitionOf(c);
    const model = text(c.model);
    if (!def || !model || isSubTable(c) || def.family === 'layout' || def.columns(c).length === 0) continue;
    if (!out.has(model)) out.set(model, c);
  }
  return out;
}

function choicesOf(raw: unknown): QueryChoice[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isRecord)
    .map((o) => ({ value: text(o.value), label: text(o.label) || text(o.value) }))
    .filter((o) => o.value !== '');
}

function controlChoices(control: FormControl | undefined): QueryChoice[] {
  if (!control) return [];
  return choicesOf((optionsOf(control).options ?? []) as ControlOption[]);
}

/** The switch condition's option set (spec 002 §3): 全部 is no condition, on is '0', off is '1'. */
function switchChoices(control: FormControl | undefined): QueryChoice[] {
  const o = control ? optionsOf(control) : {};
  return [
    { value: '0', label: text(o.openMsg) || '启用' },
    { value: '1', label: text(o.closeMsg) || '停用' },
  ];
}

function familyOfType(type: string): string | undefined {
  return definitionOf({ type, options: {} })?.family;
}

/** One configured query condition, or null when it names nothing usable. */
export function queryFieldOf(raw: unknown, controls: ReadonlyMap<string, FormControl>): QueryField | null {
  const s = isRecord(raw) ? raw : typeof raw === 'string' ? { key: raw } : null;
  if (!s) return null;
  let key = text(s.key ?? s.model);
  if (!key) return null;
  const control = controls.get(key);
  const type = text(s.type) || control?.type || (key === 'create_time' || key === 'update_time' ? 'date' : 'input');
  const family = familyOfType(type);
  const opt = text(s.opt ?? s.matchType);
  const label = text(s.label) || (control ? nameOf(control) : '') || SYSTEM_COLUMN_TITLES[key] || key;
  const style = isRecord(s.style) ? s.style : {};
  const span = Math.min(6, Math.max(1, Math.round(designNumber(style.widthScale) ?? 1)));
  const configured = choicesOf(s.options);
  const base = { key, label, span, dateKind: null as DateKind | null };

  if (opt === '$all') {
    return { ...base, op: '$all', input: 'multiSelect', options: configured.length ? configured : controlChoices(control) };
  }
  const dateKind = traitsOfType(type).dateKind;
  if (dateKind !== null) {
    return opt === '$in' || opt === ''
      ? { ...base, dateKind, op: '$in', input: 'dateRange', options: [] }
      : { ...base, dateKind, op: '$eq', input: 'date', options: [] };
  }
  if (family === 'number' || (family === 'formula' && opt === '$in')) {
    return opt === '$in'
      ? { ...base, op: '$in', input: 'numberRange', options: [] }
      : { ...base, op: '$eq', input: 'number', options: [] };
  }
  if (family === 'switch') return { ...base, op: '$eq', input: 'select', options: configured.length ? configured : switchChoices(control) };
  if (family === 'choice' && type !== 'cascade') {
    const options = configured.length ? configured : controlChoices(control);
    const many = control ? holdsList(control) : type === 'checkbox' || type === 'multiple_select';
    return many && opt !== '$eq'
      ? { ...base, op: '$all', input: 'multiSelect', options }
      : { ...base, op: '$eq', input: 'select', options };
  }
  // A single picker stores an id; people search it by the name kept beside it.
  if (family === 'picker' && control) key = labelColumnOf(control);
  return { ...base, key, op: opt === '$eq' ? '$eq' : '$like', input: 'text', options: configured };
}

function sortKeyOf(key: string, control: FormControl | null): string | null {
  if (!control) return Object.hasOwn(SYSTEM_COLUMN_TITLES, key) ? key : null;
  const family = definitionOf(control)?.family;
  if (family === 'picker') return labelColumnOf(control);
  return family && SORTABLE_FAMILIES.has(family) && !holdsList(control) ? key : null;
}

export function resultColumnOf(raw: unknown, controls: ReadonlyMap<string, FormControl>): ResultColumn | null {
  const r = isRecord(raw) ? raw : typeof raw === 'string' ? { key: raw } : null;
  if (!r) return null;
  const key = text(r.key ?? r.model ?? r.prop);
  if (!key) return null;
  const control = controls.get(key) ?? null;
  if (!control && !Object.hasOwn(SYSTEM_COLUMN_TITLES, key)) return null;
  const title = text(r.alias) || text(r.name) || text(r.label) || (control ? nameOf(control) : SYSTEM_COLUMN_TITLES[key]!);
  const jump = flag(r.isJump) ? { info: isRecord(r.jumpInfo) ? (r.jumpInfo as JumpInfo) : null } : null;
  return { key, title, control, jump, sortKey: sortKeyOf(key, control) };
}

export const FUNCTION_ALIASES: Readonly<Record<string, FunctionAction>> = {
  add: 'add',
  insert: 'add',
  新增: 'add',
  delete: 'delete',
  remove: 'delete',
  del: 'delete',
  batchdelete: 'delete',
  删除: 'delete',
  批量删除: 'delete',
  import: 'import',
  导入: 'import',
  export: 'export',
  导出: 'export',
  custom: 'custom',
};
export const ROW_ALIASES: Readonly<Record<string, RowAction>> = {
  edit: 'edit',
  update: 'edit',
  编辑: 'edit',
  修改: 'edit',
  delete: 'delete',
  remove: 'delete',
  del: 'delete',
  删除: 'delete',
  view: 'view',
  detail: 'view',
  查看: 'view',
  详情: 'view',
  custom: 'custom',
};

export const FUNCTION_NAMES: Record<FunctionAction, string> = { add: '新增', delete: '删除', import: '导入', export: '导出', custom: '自定义' };
export const ROW_NAMES: Record<RowAction, string> = { edit: '编辑', delete: '删除', view: '详情', custom: '自定义' };

/**
 * Buttons as configured. With no list configured (no settings, or the field absent) every
 * standard button is shown (spec 000 §2); a configured list shows exactly its entries.
 */
export function buttonsOf<A extends string>(
  raw: unknown,
  aliases: Readonly<Record<string, A>>,
  names: Record<A, string>,
  defaults: readonly A[],
): Array<ListButton<A>> {
  if (!Array.isArray(raw)) return defaults.map((action) => ({ action, name: names[action], jump: null, id: action, cond: [] }));
  const out: Array<ListButton<A>> = [];
  const seen = new Map<string, number>();
  for (const item of raw) {
    const b = isRecord(item) ? item : typeof item === 'string' ? { key: item } : null;
    if (!b) continue;
    const code = text(b.key ?? b.type ?? b.code ?? b.btnType ?? b.value);
    const name = text(b.name ?? b.label ?? b.title);
    const jump = isRecord(b.jumpInfo) ? (b.jumpInfo as JumpInfo) : null;
    // A known code wins; a button with a jump is custom; the name is the last hint.
    const byCode = code ? (aliases[code.toLowerCase()] ?? aliases[code]) : undefined;
    const action = byCode ?? (jump ? ('custom' as A) : aliases[name]) ?? (code ? ('custom' as A) : undefined);
    if (!action) continue;
    if (action !== 'custom' && out.some((o) => o.action === action)) continue;
    const n = (seen.get(action) ?? 0) + 1;
    seen.set(action, n);
    out.push({ action, name: name || names[action], jump: action === 'custom' ? jump : null, id: n > 1 ? `${action}-${n}` : action, cond: conditionsOf(b.cond) });
  }
  return out;
}

/** The list page as the designer's `sensorSettings` describe it (see listPage/layout.ts for V2). */
export function readSensorSettings(meta: FormMeta): ListSettings {
  const s = isRecord(meta.sensorSettings) ? meta.sensorSettings : {};
  const controls = valueControls(meta);
  const fields = (Array.isArray(s.queryConditions) ? s.queryConditions : [])
    .map((c) => queryFieldOf(c, controls))
    .filter((f): f is QueryField => f !== null);
  const layout = isRecord(s.queryLayout) ? s.queryLayout : {};
  const count = Math.round(designNumber(layout.columnCount) ?? DEFAULT_COLUMN_COUNT);
  let columns = (Array.isArray(s.queryResults) ? s.queryResults : [])
    .map((r) => resultColumnOf(r, controls))
    .filter((c): c is ResultColumn => c !== null);
  // No result columns configured: the form's own value controls, in design order.
  if (columns.length === 0) {
    columns = [...controls.values()].map((c) => resultColumnOf({ key: c.model }, controls)!);
  }
  return {
    fields,
    columnCount: Math.min(6, Math.max(1, count)),
    columns,
    functionButtons: buttonsOf(s.functionButtons, FUNCTION_ALIASES, FUNCTION_NAMES, ['add', 'delete', 'import', 'export']),
    rowButtons: buttonsOf(s.optButtons, ROW_ALIASES, ROW_NAMES, ['edit', 'delete', 'view']),
    addFull: text(s.addShowType).toLowerCase() === 'full',
    source: 'sensorSettings',
    widgetId: null,
    pageSize: LIST_PAGE_SIZE,
  };
}
