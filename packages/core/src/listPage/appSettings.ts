/**
 * The mobile list's settings (issue 37; screens-round3 §2.6): `appSensorSettings` as the original
 * stores it on the form design, {queryCondition {placeholder, conditions[], enumConditions[]},
 * tableItem {cols[], title[], rightTop[], leftBottom[], rightBottom[], condFilters[], querySort[]}},
 * brought to one canonical shape. The designer's 移动端列表 tab edits it, the server's
 * previewQueryAppFormData whitelists the columns it names, and the mobile client lays its cards
 * out from it — all three read it through normalizeAppSettings, so they agree on what it says.
 */
import { isRecord, scalarText } from '../form/lib/values.ts';
import { definitionOf } from '../form/registry.ts';
import { listColumnChoices, type ColumnChoice } from '../listSettings/normalize.ts';
import type { FormMeta } from '../form/types.ts';
import type { ListCondition } from './queryBar.ts';

/** The card's slots, in the order a card draws them. */
export const APP_SLOTS = ['title', 'rightTop', 'cols', 'leftBottom', 'rightBottom'] as const;
export type AppSlot = (typeof APP_SLOTS)[number];

export const APP_SLOT_LABEL: Readonly<Record<AppSlot, string>> = {
  title: '标题',
  rightTop: '右上角',
  cols: '内容',
  leftBottom: '左下角',
  rightBottom: '右下角',
};

/** Only `cols` lists several fields; the other slots draw their first entry (as the original does). */
export const SINGLE_ENTRY_SLOTS: ReadonlySet<AppSlot> = new Set(['title', 'rightTop', 'leftBottom', 'rightBottom']);

export interface AppSlotFormat {
  prefix: string;
  suffix: string;
}

export interface AppSlotEntry {
  key: string;
  /** The field's name, as the designer saw it. */
  name: string;
  /** A cols entry's own label; empty shows the name. */
  alias: string;
  format: AppSlotFormat;
}

export interface AppCondition {
  key: string;
  name: string;
}

export interface AppEnumOption {
  value: string;
  label: string;
}

export interface AppEnumCondition {
  key: string;
  name: string;
  options: AppEnumOption[];
}

export interface AppSensorSettings {
  queryCondition: { placeholder: string; conditions: AppCondition[]; enumConditions: AppEnumCondition[] };
  tableItem: Record<AppSlot, AppSlotEntry[]> & { condFilters: unknown[]; querySort: unknown[] };
}

/** Caps that keep a design and a preview call small. */
export const APP_SETTINGS_LIMITS = { entriesPerSlot: 20, conditions: 10, enumOptions: 50, textLength: 64 } as const;

export const DEFAULT_SEARCH_PLACEHOLDER = '请输入关键字搜索';

const text = (v: unknown) => scalarText(v).trim().slice(0, APP_SETTINGS_LIMITS.textLength);
/** Prefix and suffix keep their spaces: "¥ " and " 吨" are what a designer means. */
const affix = (v: unknown) => scalarText(v).slice(0, APP_SETTINGS_LIMITS.textLength);

export function emptyAppSettings(): AppSensorSettings {
  return {
    queryCondition: { placeholder: '', conditions: [], enumConditions: [] },
    tableItem: { title: [], rightTop: [], cols: [], leftBottom: [], rightBottom: [], condFilters: [], querySort: [] },
  };
}

function listOf(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

function choiceMap(meta: FormMeta | null): Map<string, ColumnChoice> | null {
  return meta ? new Map(listColumnChoices(meta).map((c) => [c.key, c])) : null;
}

/** An entry's key, when it names a column of the form (or any key when the form is not known). */
function keyOf(raw: Record<string, unknown>, choices: Map<string, ColumnChoice> | null): string | null {
  const key = text(raw.key ?? raw.model);
  if (!key) return null;
  if (choices && !choices.has(key)) return null;
  return key;
}

function entryOf(raw: Record<string, unknown>, choices: Map<string, ColumnChoice> | null): AppSlotEntry | null {
  const key = keyOf(raw, choices);
  if (!key) return null;
  const format = isRecord(raw.format) ? raw.format : {};
  return {
    key,
    name: text(raw.name) || choices?.get(key)?.label || key,
    alias: text(raw.alias),
    format: { prefix: affix(format.prefix), suffix: affix(format.suffix) },
  };
}

function optionsOfChoice(choice: ColumnChoice | undefined): AppEnumOption[] {
  const raw = choice?.control?.options?.options;
  return listOf(raw)
    .map((o) => ({ value: text(o.value), label: text(o.label) || text(o.value) }))
    .filter((o) => o.value !== '');
}

/**
 * appSensorSettings in canonical shape. With the form's design, entries naming no column of it
 * are dropped (a design changed since, or input that is not a column); without it (the mobile
 * client before the design loads) keys are kept as given. Never throws.
 */
export function normalizeAppSettings(raw: unknown, meta: FormMeta | null = null): AppSensorSettings {
  const out = emptyAppSettings();
  if (!isRecord(raw)) return out;
  const choices = choiceMap(meta);
  const qc = isRecord(raw.queryCondition) ? raw.queryCondition : {};
  out.queryCondition.placeholder = text(qc.placeholder);
  const seen = new Set<string>();
  for (const c of listOf(qc.conditions).slice(0, APP_SETTINGS_LIMITS.conditions)) {
    const key = keyOf(c, choices);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.queryCondition.conditions.push({ key, name: text(c.name ?? c.label) || choices?.get(key)?.label || key });
  }
  const seenEnum = new Set<string>();
  for (const c of listOf(qc.enumConditions).slice(0, APP_SETTINGS_LIMITS.conditions)) {
    const key = keyOf(c, choices);
    if (!key || seenEnum.has(key)) continue;
    seenEnum.add(key);
    const own = listOf(c.options)
      .map((o) => ({ value: text(o.value), label: text(o.label) || text(o.value) }))
      .filter((o) => o.value !== '');
    const options = (own.length > 0 ? own : optionsOfChoice(choices?.get(key))).slice(0, APP_SETTINGS_LIMITS.enumOptions);
    out.queryCondition.enumConditions.push({ key, name: text(c.name ?? c.label) || choices?.get(key)?.label || key, options });
  }
  const ti = isRecord(raw.tableItem) ? raw.tableItem : {};
  for (const slot of APP_SLOTS) {
    const max = SINGLE_ENTRY_SLOTS.has(slot) ? 1 : APP_SETTINGS_LIMITS.entriesPerSlot;
    out.tableItem[slot] = listOf(ti[slot])
      .map((e) => entryOf(e, choices))
      .filter((e): e is AppSlotEntry => e !== null)
      .slice(0, max);
  }
  // Kept for a design made in the original; this platform does not apply them yet (ADR 0046).
  out.tableItem.condFilters = Array.isArray(ti.condFilters) ? ti.condFilters : [];
  out.tableItem.querySort = Array.isArray(ti.querySort) ? ti.querySort : [];
  return out;
}

/** Every column the cards show, once each: what previewQueryAppFormData may answer. */
export function appSlotKeys(settings: AppSensorSettings): string[] {
  const keys = new Set<string>();
  for (const slot of APP_SLOTS) for (const e of settings.tableItem[slot]) keys.add(e.key);
  return [...keys];
}

/**
 * The stored columns the cards read, once each, with id: a slot's key is its control's model, and
 * the control's other columns come along (a picker's label, a region's names), so a card can show
 * what the desktop list shows. Without the design the keys are taken as columns themselves.
 */
export function appPreviewColumns(settings: AppSensorSettings, meta: FormMeta | null): string[] {
  const out = new Set<string>(['id']);
  const choices = choiceMap(meta);
  for (const key of appSlotKeys(settings)) {
    const control = choices?.get(key)?.control;
    const def = control ? definitionOf(control) : undefined;
    const names = control && def ? def.columns(control).map((c) => c.name) : [];
    if (names.length === 0) out.add(key);
    for (const n of names) out.add(n);
  }
  return [...out];
}

/** The label before a cols value: its alias, else its name (as the original shows it). */
export function appColLabel(entry: AppSlotEntry): string {
  return entry.alias || entry.name;
}

/**
 * One slot's text: prefix + value + suffix. An empty value keeps its prefix and suffix (the
 * original's rightTop/leftBottom/rightBottom do; its title printed "undefined", which we do not).
 */
export function appSlotText(entry: AppSlotEntry, valueText: string): string {
  return `${entry.format.prefix}${valueText}${entry.format.suffix}`;
}

/** Whether a card has its footer line (the original: leftBottom or rightBottom configured). */
export function appCardHasFooter(settings: AppSensorSettings): boolean {
  return settings.tableItem.leftBottom.length > 0 || settings.tableItem.rightBottom.length > 0;
}

/** Whether the list shows its search box: only when search conditions are configured. */
export function appHasSearch(settings: AppSensorSettings): boolean {
  return settings.queryCondition.conditions.length > 0;
}

export function appSearchPlaceholder(settings: AppSensorSettings): string {
  return settings.queryCondition.placeholder || DEFAULT_SEARCH_PLACEHOLDER;
}

/** The enum filters chosen: key → value ('' or absent is 全部). */
export type AppEnumChoice = Readonly<Record<string, string>>;

/**
 * The list call's queryConditions for the search box and the enum filters: the search text
 * matches ($like) any of the search fields (one `or` group), each chosen enum value must hold
 * ($eq). Empty parts add nothing, as the desktop's query bar does.
 */
export function appQueryConditions(settings: AppSensorSettings, search: string, enums: AppEnumChoice = {}): Array<ListCondition | Record<string, unknown>> {
  const out: Array<ListCondition | Record<string, unknown>> = [];
  const q = search.trim();
  const fields = settings.queryCondition.conditions;
  if (q && fields.length === 1) out.push({ key: fields[0]!.key, type: '$like', value: q });
  else if (q && fields.length > 1) {
    out.push({ condType: 'multi', relation: 'or', conds: fields.map((f) => ({ key: f.key, type: '$like', value: q })) });
  }
  for (const e of settings.queryCondition.enumConditions) {
    const v = (enums[e.key] ?? '').trim();
    if (v && e.options.some((o) => o.value === v)) out.push({ key: e.key, type: '$eq', value: v });
  }
  return out;
}

/** How many content lines a card gets when the designer has laid none out. */
export const DEFAULT_CARD_LINES = 3;

/** Whether the designer laid any card slot out. */
export function appHasLayout(settings: AppSensorSettings): boolean {
  return APP_SLOTS.some((slot) => settings.tableItem[slot].length > 0);
}

/**
 * The settings a list uses: the design's appSensorSettings, or — for a form whose mobile list was
 * never laid out — a card titled by its first field with the next few as lines and 创建时间 at the
 * bottom right, so every form's list is readable on a phone from the start.
 */
export function appSettingsOf(meta: FormMeta): AppSensorSettings {
  const settings = normalizeAppSettings(meta.appSensorSettings, meta);
  if (appHasLayout(settings)) return settings;
  const fields = listColumnChoices(meta).filter((c) => c.control !== null);
  const entry = (c: ColumnChoice): AppSlotEntry => ({ key: c.key, name: c.label, alias: '', format: { prefix: '', suffix: '' } });
  const [first, ...rest] = fields;
  if (first) settings.tableItem.title = [entry(first)];
  settings.tableItem.cols = rest.slice(0, DEFAULT_CARD_LINES).map(entry);
  settings.tableItem.rightBottom = [{ key: 'create_time', name: '创建时间', alias: '', format: { prefix: '', suffix: '' } }];
  return settings;
}
