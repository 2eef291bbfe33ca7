/**
 * The list-page settings editor's model (issue 9 §6): `sensorSettings` brought to one canonical
 * shape, and the choices the editor offers. The shapes are the ones the readers use:
 * listPage/settings.ts (query fields, columns, buttons, layout, addShowType), listPage/jump.ts
 * (custom jumps) and the server's importExport/settings.ts (Excel import and export, read from
 * `sensorSettings.reportSettings`). Unknown keys are kept, so a design made elsewhere loses nothing.
 */
import { holdsList } from '../form/controls/choiceControls.ts';
import { designNumber, flag, isRecord, nameOf, scalarText } from '../form/lib/values.ts';
import { definitionOf, traitsOf } from '../form/registry.ts';
import type { ButtonSetting, FormControl, FormMeta, JumpInfo, QueryConditionSetting, SensorSettings } from '../form/types.ts';
import { SYSTEM_COLUMN_TITLES, valueControls } from '../listPage/settings.ts';

export type ListMatchType = '$like' | '$eq' | '$in' | '$all';
export const MATCH_TYPE_LABEL: Readonly<Record<ListMatchType, string>> = {
  $like: '模糊匹配',
  $eq: '等于',
  $in: '范围',
  $all: '包含全部',
};

export type FunctionButtonKey = 'add' | 'delete' | 'import' | 'export' | 'custom';
export type RowButtonKey = 'edit' | 'delete' | 'view' | 'custom';
export const FUNCTION_BUTTON_NAME: Readonly<Record<FunctionButtonKey, string>> = {
  add: '新增',
  delete: '删除',
  import: '导入',
  export: '导出',
  custom: '自定义',
};
export const ROW_BUTTON_NAME: Readonly<Record<RowButtonKey, string>> = { edit: '编辑', delete: '删除', view: '详情', custom: '自定义' };
export const STANDARD_FUNCTION_BUTTONS: readonly FunctionButtonKey[] = ['add', 'delete', 'import', 'export'];
export const STANDARD_ROW_BUTTONS: readonly RowButtonKey[] = ['edit', 'delete', 'view'];

/** urlType of a jump (spec 000 §3): where the target opens. */
export const URL_TYPE_LABEL: Readonly<Record<0 | 1 | 2 | 3, string>> = {
  0: '弹窗打开',
  1: '当前窗口打开',
  2: '新窗口打开',
  3: '调用接口',
};

export type AddShowType = 'dialog' | 'full';
export const MIN_COLUMN_COUNT = 1;
export const MAX_COLUMN_COUNT = 6;
export const LIST_DEFAULT_COLUMN_COUNT = 3;
/** Excel rows and columns are 1-based; the server accepts up to this (importExport/settings.ts). */
export const MAX_SHEET_POSITION = 1000;
export const DEFAULT_SHEET_START_ROW = 2;

/** A column the list can filter on or show: a value control of the main table, or a system column. */
export interface ColumnChoice {
  key: string;
  label: string;
  /** The control type; system columns get the type that filters them (number, datetime). */
  type: string;
  control: FormControl | null;
}

const SYSTEM_TYPES: Readonly<Record<string, string>> = { id: 'number', create_time: 'datetime', update_time: 'datetime' };

export function listColumnChoices(meta: FormMeta): ColumnChoice[] {
  const out: ColumnChoice[] = [...valueControls(meta).entries()].map(([key, control]) => ({
    key,
    label: nameOf(control) || key,
    type: String(control.type),
    control,
  }));
  for (const [key, label] of Object.entries(SYSTEM_COLUMN_TITLES)) {
    if (!out.some((c) => c.key === key)) out.push({ key, label, type: SYSTEM_TYPES[key] ?? 'input', control: null });
  }
  return out;
}

/**
 * The match types that mean something for a column, the natural one first. They follow how the
 * list page reads a condition: $in is a range (dates, numbers), $all a multi-select over options.
 */
export function matchTypesFor(choice: Pick<ColumnChoice, 'type' | 'control'>): ListMatchType[] {
  const bare = { type: choice.type, options: {} };
  const family = definitionOf(bare)?.family;
  if (family === 'date') return ['$in', '$eq'];
  if (family === 'number' || family === 'formula') return ['$eq', '$in'];
  if (family === 'switch') return ['$eq'];
  if (family === 'choice' && !traitsOf(bare).optionPath) {
    const many = holdsList(choice.control ?? bare);
    return many ? ['$all', '$eq'] : ['$eq', '$all'];
  }
  return ['$like', '$eq'];
}

const text = (v: unknown) => scalarText(v).trim();
const isListMatchType = (v: string): v is ListMatchType => v === '$like' || v === '$eq' || v === '$in' || v === '$all';

function position(v: unknown, fallback: number): number {
  const n = designNumber(v);
  return n !== undefined && Number.isInteger(n) && n >= 1 && n <= MAX_SHEET_POSITION ? n : fallback;
}

/** Copies a record without the keys given, so canonical fields replace and extras stay. */
function rest(r: Record<string, unknown>, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (!drop.includes(k)) out[k] = v;
  return out;
}

export function normalizeQueryCondition(raw: unknown, choices: readonly ColumnChoice[]): QueryConditionSetting | null {
  const r = isRecord(raw) ? raw : typeof raw === 'string' ? { key: raw } : null;
  if (!r) return null;
  const key = text(r.key ?? r.model);
  if (!key) return null;
  const choice = choices.find((c) => c.key === key);
  const opt = text(r.opt ?? r.matchType);
  const allowed = choice ? matchTypesFor(choice) : null;
  const out: QueryConditionSetting = {
    ...rest(r, ['key', 'model', 'opt', 'matchType', 'label']),
    key,
    // An unknown column keeps what it had: the check names it, the editor does not guess.
    opt: allowed ? (isListMatchType(opt) && allowed.includes(opt) ? opt : allowed[0]!) : opt || '$like',
    label: text(r.label) || choice?.label || key,
  };
  if (choice && !text(r.type)) delete out.type;
  return out;
}

export interface ParamSetting {
  [extra: string]: unknown;
  model: string;
  paramName: string;
  /** 0 from the row's `model`, 1 the fixed `value`. */
  type: 0 | 1;
  value?: string;
}

/** One canonical jump: numbers as numbers, the fullscreen flag as a boolean, empty parts dropped. */
export function normalizeJumpInfo(raw: unknown): JumpInfo {
  const r = isRecord(raw) ? raw : {};
  const urlTypeN = designNumber(r.urlType);
  const urlType = urlTypeN !== undefined && [0, 1, 2, 3].includes(urlTypeN) ? urlTypeN : 0;
  const formId = text(r.formId);
  const type = text(r.type) === '1' || text(r.type) === 'form' ? 1 : 0;
  const out: JumpInfo = {
    ...rest(r, ['type', 'urlType', 'url', 'formId', 'params', 'dialogTitle', 'dialogWidth', 'dialogFullscreen', 'requestMethod', 'respParamSet']),
    type: urlType === 3 ? 0 : type,
    urlType,
    url: text(r.url),
  };
  if (out.type === 1 && formId) out.formId = formId;
  const params: ParamSetting[] = (Array.isArray(r.params) ? r.params : []).filter(isRecord).map((p) => {
    const fixed = text(p.type) === '1';
    const param: ParamSetting = { model: text(p.model), paramName: text(p.paramName), type: fixed ? 1 : 0 };
    if (fixed) param.value = scalarText(p.value ?? '');
    return param;
  });
  out.params = params;
  if (urlType === 0) {
    out.dialogTitle = text(r.dialogTitle);
    const width = text(r.dialogWidth);
    if (width) out.dialogWidth = width;
    out.dialogFullscreen = flag(r.dialogFullscreen);
  }
  if (urlType === 3) {
    out.requestMethod = text(r.requestMethod).toUpperCase() === 'POST' ? 'POST' : 'GET';
    const resp = isRecord(r.respParamSet) ? r.respParamSet : {};
    out.respParamSet = { errCode: text(resp.errCode) || 'errCode', errMsg: text(resp.errMsg) || 'errMsg' };
  }
  return out;
}

const FUNCTION_CODES: Readonly<Record<string, FunctionButtonKey>> = {
  add: 'add',
  insert: 'add',
  delete: 'delete',
  remove: 'delete',
  del: 'delete',
  batchdelete: 'delete',
  import: 'import',
  export: 'export',
  custom: 'custom',
};
const ROW_CODES: Readonly<Record<string, RowButtonKey>> = {
  edit: 'edit',
  update: 'edit',
  delete: 'delete',
  remove: 'delete',
  del: 'delete',
  view: 'view',
  detail: 'view',
  custom: 'custom',
};

function normalizeButtons<K extends string>(
  raw: unknown,
  codes: Readonly<Record<string, K>>,
  names: Readonly<Record<K, string>>,
): ButtonSetting[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const out: ButtonSetting[] = [];
  for (const item of raw) {
    const r = isRecord(item) ? item : typeof item === 'string' ? { key: item } : null;
    if (!r) continue;
    const code = text(r.key ?? r.type ?? r.code ?? r.btnType);
    const key = codes[code.toLowerCase()] ?? (isRecord(r.jumpInfo) || code ? ('custom' as K) : undefined);
    if (!key) continue;
    // A standard button appears once; custom ones as often as configured.
    if (key !== 'custom' && out.some((b) => b.key === key)) continue;
    const button: ButtonSetting = { ...rest(r, ['key', 'type', 'code', 'btnType', 'name', 'label', 'title', 'jumpInfo']), key, name: text(r.name ?? r.label ?? r.title) || names[key] };
    if (key === 'custom') button.jumpInfo = normalizeJumpInfo(r.jumpInfo);
    out.push(button);
  }
  return out;
}

export interface ResultColumnSetting {
  key: string;
  name: string;
  alias?: string;
  isJump?: boolean;
  jumpInfo?: JumpInfo;
  [extra: string]: unknown;
}

function normalizeResults(raw: unknown, choices: readonly ColumnChoice[]): ResultColumnSetting[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const out: ResultColumnSetting[] = [];
  for (const item of raw) {
    const r = isRecord(item) ? item : typeof item === 'string' ? { key: item } : null;
    if (!r) continue;
    const key = text(r.key ?? r.model ?? r.prop);
    if (!key || out.some((c) => c.key === key)) continue;
    const choice = choices.find((c) => c.key === key);
    const col: ResultColumnSetting = { ...rest(r, ['key', 'model', 'prop', 'name', 'alias', 'label', 'isJump', 'jumpInfo']), key, name: choice?.label ?? (text(r.name) || key) };
    const alias = text(r.alias) || (text(r.name) && text(r.name) !== col.name ? text(r.name) : '') || text(r.label);
    if (alias && alias !== col.name) col.alias = alias;
    if (flag(r.isJump)) {
      col.isJump = true;
      col.jumpInfo = normalizeJumpInfo(r.jumpInfo);
    }
    out.push(col);
  }
  return out;
}

export interface SheetColumnSetting {
  key: string;
  name: string;
}

export interface ExportRuleSetting {
  key: string;
  /** value: the stored value (ids, codes) instead of the label. */
  type?: 'value' | 'label';
  dateFormat?: string;
  mapping?: Record<string, string>;
}

export interface ImportSettingsValue {
  list: SheetColumnSetting[];
  startRow: number;
  startColumn: number;
  [extra: string]: unknown;
}

export interface ExportSettingsValue extends ImportSettingsValue {
  exportRules: ExportRuleSetting[];
  exportModelInfo?: { fileId: string; originalfile: string };
}

function sheetColumns(raw: unknown): SheetColumnSetting[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((item) =>
      typeof item === 'string'
        ? { key: item.trim(), name: '' }
        : isRecord(item)
          ? { key: text(item.key ?? item.model ?? item.column ?? item.prop), name: text(item.alias) || text(item.name) || text(item.label) }
          : null,
    )
    .filter((c): c is SheetColumnSetting => c !== null);
}

function exportRules(raw: unknown): ExportRuleSetting[] {
  const entries: Array<[string, Record<string, unknown>]> = Array.isArray(raw)
    ? raw.filter(isRecord).map((r) => [text(r.key ?? r.model), r])
    : isRecord(raw)
      ? Object.entries(raw).filter((e): e is [string, Record<string, unknown>] => isRecord(e[1]))
      : [];
  const out: ExportRuleSetting[] = [];
  for (const [key, r] of entries) {
    if (!key || out.some((x) => x.key === key)) continue;
    const rule: ExportRuleSetting = { key };
    if (r.type === 'value' || r.type === 'label') rule.type = r.type;
    if (text(r.dateFormat)) rule.dateFormat = text(r.dateFormat);
    if (isRecord(r.mapping)) {
      const mapping = Object.fromEntries(Object.entries(r.mapping).map(([k, v]) => [k.trim(), text(v)]).filter(([k]) => k !== ''));
      if (Object.keys(mapping).length) rule.mapping = mapping;
    }
    out.push(rule);
  }
  return out;
}

function importSettings(raw: unknown): ImportSettingsValue {
  const r = isRecord(raw) ? raw : {};
  return {
    ...rest(r, ['list', 'columns', 'startRow', 'startColumn']),
    list: sheetColumns(r.list ?? r.columns),
    startRow: position(r.startRow, DEFAULT_SHEET_START_ROW),
    startColumn: position(r.startColumn, 1),
  };
}

function exportSettings(raw: unknown): ExportSettingsValue {
  const r = isRecord(raw) ? raw : {};
  const out: ExportSettingsValue = { ...importSettings(rest(r, ['exportRules', 'exportModelInfo'])), exportRules: exportRules(r.exportRules) };
  const model = isRecord(r.exportModelInfo) ? r.exportModelInfo : {};
  if (text(model.fileId)) out.exportModelInfo = { fileId: text(model.fileId), originalfile: text(model.originalfile) };
  return out;
}

export interface ReportSettingsValue {
  importSettings: ImportSettingsValue;
  exportSettings: ExportSettingsValue;
  [extra: string]: unknown;
}

/** The editor's whole model: SensorSettings with every part it edits in canonical form. */
export interface NormalizedSensorSettings extends SensorSettings {
  queryConditions: QueryConditionSetting[];
  queryLayout: { columnCount: number; [extra: string]: unknown };
  addShowType: AddShowType;
  /** Absent: the list shows every standard button (spec 000 §2). */
  functionButtons?: ButtonSetting[];
  optButtons?: ButtonSetting[];
  /** Absent: the form's own value controls, in design order. */
  queryResults?: ResultColumnSetting[];
  reportSettings: ReportSettingsValue;
}

/**
 * Canonical settings for the editor and for saving. Older designs keep import and export settings
 * directly on sensorSettings; they move under reportSettings, where the server looks first.
 */
export function normalizeSensorSettings(raw: unknown, meta: FormMeta): NormalizedSensorSettings {
  const s = isRecord(raw) ? raw : {};
  const choices = listColumnChoices(meta);
  const layout = isRecord(s.queryLayout) ? s.queryLayout : {};
  const count = Math.round(designNumber(layout.columnCount) ?? LIST_DEFAULT_COLUMN_COUNT);
  const report = isRecord(s.reportSettings) ? s.reportSettings : {};
  const out: NormalizedSensorSettings = {
    ...rest(s, ['queryConditions', 'queryLayout', 'addShowType', 'functionButtons', 'optButtons', 'queryResults', 'reportSettings', 'importSettings', 'exportSettings']),
    queryConditions: (Array.isArray(s.queryConditions) ? s.queryConditions : [])
      .map((c) => normalizeQueryCondition(c, choices))
      .filter((c): c is QueryConditionSetting => c !== null),
    queryLayout: { ...layout, columnCount: Math.min(MAX_COLUMN_COUNT, Math.max(MIN_COLUMN_COUNT, count)) },
    addShowType: text(s.addShowType).toLowerCase() === 'full' ? 'full' : 'dialog',
    reportSettings: {
      ...rest(report, ['importSettings', 'exportSettings']),
      importSettings: importSettings(report.importSettings ?? s.importSettings),
      exportSettings: exportSettings(report.exportSettings ?? s.exportSettings),
    },
  };
  const functionButtons = normalizeButtons(s.functionButtons, FUNCTION_CODES, FUNCTION_BUTTON_NAME);
  if (functionButtons) out.functionButtons = functionButtons;
  const optButtons = normalizeButtons(s.optButtons, ROW_CODES, ROW_BUTTON_NAME);
  if (optButtons) out.optButtons = optButtons;
  const queryResults = normalizeResults(s.queryResults, choices);
  if (queryResults) out.queryResults = queryResults;
  return out;
}

/** Moves one entry of a list, for the editor's up/down arrows; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The explicit buttons the editor starts from when none were configured (which shows them all). */
export function standardButtons(kind: 'function' | 'row'): ButtonSetting[] {
  return kind === 'function'
    ? STANDARD_FUNCTION_BUTTONS.map((key) => ({ key, name: FUNCTION_BUTTON_NAME[key] }))
    : STANDARD_ROW_BUTTONS.map((key) => ({ key, name: ROW_BUTTON_NAME[key] }));
}

/** The result columns the editor starts from when none were configured: every value control. */
export function defaultResultColumns(meta: FormMeta): ResultColumnSetting[] {
  return [...valueControls(meta).entries()].map(([key, control]) => ({ key, name: nameOf(control) || key }));
}

/** An export rule's value mapping as the editor shows it: one `stored=text` a line. */
export function mappingToText(mapping: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(mapping ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
}

/** The editor's mapping text back to a mapping; lines without `=` or a stored value are skipped. */
export function mappingFromText(input: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of input.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    if (key) out[key] = line.slice(at + 1).trim();
  }
  return Object.keys(out).length ? out : undefined;
}
