/**
 * A control type's palette half: the group it is offered in and what it starts as when dropped on
 * the canvas. Each registry entry (form/registry.ts) names its row with these factories.
 *
 * Built in layers so that each type states only what sets it apart: the flags every control has,
 * a field (a value control in a row), a family (text, number, choice, date, picker, upload, layout).
 * Option names and default values follow the reference designer's palette (formType.config.json) so
 * that designs move between the two; slider, cascade, flow_table and blank, which it lacks, get
 * defaults in the same style. Every factory returns fresh objects, so no two templates share a
 * nested object.
 */
import type { ControlOptions, DsConf, FormControl, MapsConfig } from '../types.ts';

export type PaletteGroupKey = 'basic' | 'advance' | 'layout';

/** A control as the palette hands it out: everything but key and model. */
export type ControlTemplate = Omit<FormControl, 'key' | 'model'>;

/** A control type's place in the palette and the template it starts from (`type` and `comment` are added from its key). */
export interface PaletteEntry {
  readonly group: PaletteGroupKey;
  readonly row: PaletteRow;
}

export const basic = (row: PaletteRow): PaletteEntry => ({ group: 'basic', row });
export const advance = (row: PaletteRow): PaletteEntry => ({ group: 'advance', row });
export const layout = (row: PaletteRow): PaletteEntry => ({ group: 'layout', row });

/** A template before its `type` and empty `comment` are added (designer/templates.ts). */
export type PaletteRow = Omit<ControlTemplate, 'type' | 'options'> & { options: ControlOptions };

// ---- common layers -------------------------------------------------------------------------

/** Shown when adding and when editing (the flags hide when true). */
export const shown = (): ControlOptions => ({ showFields: false, editShowFields: false });

/** A control that holds a value: optional and enabled when adding and when editing. */
export const valued = (): ControlOptions => ({
  ...shown(),
  required: false,
  disabled: false,
  editDisabled: false,
  isControlled: false,
});

/** A value control laid out in a row: 40 % wide, starting empty. */
export const field = (extra: ControlOptions = {}): ControlOptions => ({
  ...valued(),
  width: '40%',
  defaultValue: '',
  ...extra,
});

// ---- text and numbers ----------------------------------------------------------------------

/** Typed text, checked against `pattern` when one is set. */
export const typed = (pattern = '', extra: ControlOptions = {}): ControlOptions =>
  field({ pattern, placeholder: '请输入', ...extra });

/** A number typed as text; the 0–10 range applies only once the designer switches it on. */
export const numeric = (pattern: string) => typed(pattern, { min: 0, max: 10, enableMinMax: false });

// ---- choices -------------------------------------------------------------------------------

/** Three sample entries, so a fresh choice control shows what it will look like. */
export const samples = (prefix: string, linkable = true) =>
  [1, 2, 3].map((n) => ({
    value: `${prefix}${n}`,
    label: `${prefix}${n}`,
    ...(linkable ? { relatedList: [] } : {}),
  }));

/** A fixed list of options (`remote: true` means the static list here, see ControlOptions.remote). */
export const choice = (extra: ControlOptions): ControlOptions => ({
  ...valued(),
  defaultValue: '',
  showLabel: false,
  remote: true,
  remoteOptions: [],
  props: { value: 'value', label: 'label' },
  remoteCall: '',
  ...extra,
});

export const dropdown = (extra: ControlOptions) =>
  choice({
    width: '40%',
    clearable: false,
    filterable: false,
    placeholder: '请选择',
    options: samples('下拉框'),
    ...extra,
  });

// ---- dates and times -----------------------------------------------------------------------

/** A picker whose value is text in `format` (element-ui tokens), starting empty (defaultType 0). */
export const clock = (format: string, extra: ControlOptions = {}): ControlOptions =>
  field({
    defaultType: 0,
    readonly: false,
    editable: true,
    clearable: true,
    placeholder: '请选择',
    startPlaceholder: '',
    endPlaceholder: '',
    format,
    ...extra,
  });

/** A calendar of the given element-ui panel kind; the value is text, never a timestamp. */
export const calendar = (format: string, panel?: 'year' | 'month' | 'date') =>
  clock(format, { ...(panel ? { type: panel } : {}), timestamp: false });

// ---- pickers of platform records -----------------------------------------------------------

/** The column mapping a picker copies from the chosen record. */
export const maps = (extra: Partial<MapsConfig> = {}): MapsConfig => ({
  key: '',
  name: '',
  title: '',
  mapping: [],
  ...extra,
});

/** The form a reference picker or sub-table reads its records from. */
export const dsConf = (extra: Partial<DsConf>): DsConf => ({
  formId: '',
  formName: '',
  subKey: '',
  columns: [],
  condFilters: [],
  defaultSelect: false,
  ...extra,
});

/**
 * A picker of platform records; `title` heads its dialog. The m_ variant differs only in its name:
 * the control type, not `multiple`, decides how many records may be chosen.
 */
export const picker = (name: string, title: string, extra: ControlOptions = {}, multi = false): PaletteRow => ({
  name: multi ? `${name}(多选)` : name,
  key_name: '',
  label_name: '',
  label_model: '',
  title,
  options: field({
    placeholder: '请选择',
    multiple: false,
    props: { label: '', children: 'zones' },
    remoteUrl: '',
    ...extra,
  }),
});

/** A picker of organisations, users, roles, companies or dictionary entries; the designer fills in `maps`. */
export const mapped = (name: string, title: string, displayModel: 'tree' | 'table', multi = false) =>
  picker(name, title, { maps: maps(), displayModel }, multi);

export const dictionary = (multi: boolean): PaletteRow => ({
  typeCode: '',
  ...mapped('数据字典', '数据字典', 'tree', multi),
});

/** Records of another form or a data source, shown as a table to choose from. */
export const sourced = (name: string, extra: ControlOptions = {}) =>
  picker(name, '', {
    maps: maps({ title: '选择', source: { datasource: '', table: '', columns: [] } }),
    displayModel: 'table',
    ...extra,
  });

// ---- files ---------------------------------------------------------------------------------

/** At most `length` files of `maxFileSize` MB each, sent to the platform's file service. */
export const upload = (length: number, maxFileSize: number, extra: ControlOptions = {}): ControlOptions => ({
  ...shown(),
  required: false,
  isControlled: false,
  action: '/api/file/upload',
  fileList: [],
  multiple: false,
  length,
  maxFileSize,
  ...extra,
});

// ---- layout --------------------------------------------------------------------------------

export const row = (): ControlOptions => ({ gutter: 0, justify: 'start', align: 'top' });

export const subTable = (name: string, extra: ControlOptions = {}): PaletteRow => ({
  name,
  tableColumns: [],
  options: { isControlled: false, ...row(), ...extra },
});
