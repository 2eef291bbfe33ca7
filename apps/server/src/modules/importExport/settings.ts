import type { FormMeta } from '@park/core';

/**
 * The Excel settings of a form's list page (spec 002 §3, table widget data):
 * `reportSettings{importSettings{list, startRow, startColumn}, exportSettings{list, startRow,
 * startColumn, exportRules, exportModelInfo{fileId, originalfile}}}`, kept on the table widget of
 * `sensorSettingsV2` (or, in older designs, on `sensorSettings`). Every field is read defensively:
 * the design is user JSON.
 *
 * Rows and columns are 1-based as Excel shows them. `startRow` is the first DATA row; the header
 * row, when there is one, is the row above it. `startColumn` is the first column used.
 */
export interface SheetColumn {
  /** A control model, or a system column (id, create_time, update_time, create_by). */
  key: string;
  /** The header text; empty means the control's own name. */
  name: string;
}

export interface ImportSettings {
  startRow: number;
  startColumn: number;
  /** Positional: entry i is column startColumn + i. Null: match the header row by name. */
  columns: SheetColumn[] | null;
}

/**
 * One export rule, by column key:
 * - `type: 'value'` writes the stored value (ids, codes) instead of the label;
 * - `dateFormat` rewrites a date with yyyy MM dd HH mm ss tokens (e.g. `yyyy年MM月dd日`);
 * - `mapping` replaces stored values by texts (`{"0": "正常", "1": "异常"}`).
 */
export interface ExportRule {
  key: string;
  type?: 'value' | 'label';
  dateFormat?: string;
  mapping?: Record<string, string>;
}

export interface ExportSettings {
  startRow: number;
  startColumn: number;
  columns: SheetColumn[] | null;
  rules: Map<string, ExportRule>;
  /** A workbook whose rows above startRow (titles, headers, styles) the export starts from. */
  templateFileId: string | null;
}

export const DEFAULT_START_ROW = 2;
const MAX_START_ROW = 1000;
const MAX_START_COLUMN = 1000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

function position(v: unknown, fallback: number, max: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function parseColumns(raw: unknown): SheetColumn[] | null {
  if (!Array.isArray(raw)) return null;
  const out: SheetColumn[] = [];
  for (const item of raw.slice(0, 1000)) {
    if (typeof item === 'string') out.push({ key: item.trim(), name: '' });
    else if (isObject(item)) {
      out.push({
        key: text(item.key ?? item.model ?? item.column ?? item.prop ?? item.field),
        name: text(item.alias) || text(item.name) || text(item.label) || text(item.title),
      });
    }
  }
  // An entry without a key keeps its place (a skipped column); a list of nothing is no list.
  return out.some((c) => c.key !== '') ? out : null;
}

function parseRules(raw: unknown): Map<string, ExportRule> {
  const rules = new Map<string, ExportRule>();
  const add = (key: string, r: Json) => {
    if (!key) return;
    const rule: ExportRule = { key };
    if (r.type === 'value' || r.type === 'label') rule.type = r.type;
    if (text(r.dateFormat)) rule.dateFormat = text(r.dateFormat).slice(0, 50);
    if (isObject(r.mapping)) {
      rule.mapping = {};
      for (const [k, v] of Object.entries(r.mapping).slice(0, 500)) rule.mapping[k] = text(v);
    }
    rules.set(key, rule);
  };
  if (Array.isArray(raw)) for (const r of raw) if (isObject(r)) add(text(r.key ?? r.model), r);
  if (isObject(raw)) for (const [k, r] of Object.entries(raw)) if (isObject(r)) add(k, r);
  return rules;
}

/** Table widgets of the advanced layout, tab pages opened. */
function tableWidgets(widgets: unknown, depth = 0): Json[] {
  if (!Array.isArray(widgets) || depth > 4) return [];
  const out: Json[] = [];
  for (const w of widgets) {
    if (!isObject(w)) continue;
    const options = isObject(w.options) ? w.options : {};
    const isTable =
      w.type === 'tableReportWidget' || w.reportType === 'tableReportWidget' || options.reportType === 'tableReportWidget';
    if (isTable || reportSettingsIn(w)) out.push(w);
    const tabs = Array.isArray(w.tabs) ? w.tabs : Array.isArray(options.tabs) ? options.tabs : [];
    for (const tab of tabs) {
      if (isObject(tab) && isObject(tab.tabContent)) out.push(...tableWidgets(tab.tabContent.widgets, depth + 1));
    }
  }
  return out;
}

function reportSettingsIn(w: Json): Json | null {
  const options = isObject(w.options) ? w.options : {};
  const candidates = [
    isObject(w.data) ? w.data.reportSettings : undefined,
    isObject(options.data) ? options.data.reportSettings : undefined,
    options.reportSettings,
    w.reportSettings,
  ];
  return (candidates.find(isObject) as Json | undefined) ?? null;
}

/** The reportSettings in force: the named table widget's, else the first table widget's, else the old settings'. */
export function reportSettingsOf(meta: FormMeta, widgetId?: string | null): Json | null {
  const widgets = tableWidgets(isObject(meta.sensorSettingsV2) ? meta.sensorSettingsV2.widgets : undefined);
  if (widgetId) {
    const named = widgets.find((w) => text(w.id) === widgetId || text(w.key) === widgetId);
    const own = named ? reportSettingsIn(named) : null;
    if (own) return own;
  }
  for (const w of widgets) {
    const own = reportSettingsIn(w);
    if (own) return own;
  }
  const old = isObject(meta.sensorSettings) ? meta.sensorSettings : {};
  if (isObject(old.reportSettings)) return old.reportSettings;
  if (isObject(old.importSettings) || isObject(old.exportSettings)) return { importSettings: old.importSettings, exportSettings: old.exportSettings };
  return null;
}

export function importSettingsOf(meta: FormMeta, widgetId?: string | null): ImportSettings {
  const raw = reportSettingsOf(meta, widgetId)?.importSettings;
  const s = isObject(raw) ? raw : {};
  return {
    startRow: position(s.startRow, DEFAULT_START_ROW, MAX_START_ROW),
    startColumn: position(s.startColumn, 1, MAX_START_COLUMN),
    columns: parseColumns(s.list ?? s.columns),
  };
}

export function exportSettingsOf(meta: FormMeta, widgetId?: string | null): ExportSettings {
  const raw = reportSettingsOf(meta, widgetId)?.exportSettings;
  const s = isObject(raw) ? raw : {};
  const model = isObject(s.exportModelInfo) ? s.exportModelInfo : {};
  const fileId = text(model.fileId);
  return {
    startRow: position(s.startRow, DEFAULT_START_ROW, MAX_START_ROW),
    startColumn: position(s.startColumn, 1, MAX_START_COLUMN),
    columns: parseColumns(s.list ?? s.columns),
    rules: parseRules(s.exportRules),
    templateFileId: /^[1-9]\d{0,17}$/.test(fileId) ? fileId : null,
  };
}
