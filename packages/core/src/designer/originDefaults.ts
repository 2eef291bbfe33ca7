/**
 * A design as a client of the original platform reads it (issue 44). That client's form code
 * reads option keys without asking whether they exist (`box.options.maps.title`,
 * `box.options.city`, `item.rules.map`, `formConfig.config.labelWidth`) and its V1 list page reads
 * `sensorSettings.queryLayout.cols`; a design that leaves them out throws there. So a saved design
 * carries:
 *
 * - on every control, every key of its type's palette template (CONTROL_TEMPLATES, whose keys
 *   are the reference palette's, formType.config.json) and a `rules` list; nested objects are
 *   filled the same way; whatever the design sets wins (a missing picker `title` is the
 *   control's name, which is what our picker showed without one);
 * - on `config`, the keys the client's form reads (FORM_CONFIG_DEFAULTS);
 * - on `sensorSettings.queryLayout`, `cols` beside our `columnCount`.
 *
 * A key the design lacks gets the template's value, except lists: they start empty, because the
 * template's non-empty lists are samples (下拉框1…3, two grid columns) that are not the design's.
 */
import { isControlType } from '../form/registry.ts';
import { isRecord } from '../form/lib/values.ts';
import type { FormConfig, FormControl, FormMeta } from '../form/types.ts';
import { CONTROL_TEMPLATES } from './templates.ts';

/**
 * The form settings the original client's form reads, with its own defaults (FormContent.vue's
 * new form); colours and the theme are null, which it reads as "not set".
 */
export const FORM_CONFIG_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  labelWidth: 100,
  labelPosition: 'right',
  size: 'small',
  labelSuffix: '',
  isBorder: false,
  borderWidth: null,
  borderStyle: null,
  borderColor: null,
  backgroundColor: null,
  widgetTitleFontColor: null,
  widgetBorderSize: null,
  widgetBorderColor: null,
  btnWidgetBackgroundColor: null,
  btnWidgetFontColor: null,
  themeId: null,
});

type Json = Record<string, unknown>;

/** `ours` with every key of `defaults` it lacks; nested objects filled alike, ours winning. */
function filled(ours: Json, defaults: Json): Json {
  const out: Json = { ...ours };
  for (const [key, value] of Object.entries(defaults)) {
    if (!(key in out) || out[key] === undefined) out[key] = fresh(value);
    else if (isRecord(out[key]) && isRecord(value)) out[key] = filled(out[key], value);
  }
  return out;
}

function fresh(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (isRecord(value)) return filled({}, value);
  return value;
}

function fullControl(control: FormControl): FormControl {
  const template = isControlType(control.type) ? (CONTROL_TEMPLATES[control.type] as unknown as Json) : { options: {} };
  const defaults: Json = { ...template, rules: [] };
  // A picker's `title` heads its dialog; one the design never set is its own name, not the type's.
  if ('title' in defaults && typeof control.name === 'string' && control.name !== '') defaults.title = control.name;
  // The palette's min/max (0 and 10) would give a design that set no range one: a counter clamps to
  // them (numberControls' `clamps`), so 15 would be refused. A range stays what the design says.
  if (isRecord(defaults.options) && !hasRange(control)) {
    const { min: _min, max: _max, ...rest } = defaults.options;
    defaults.options = rest;
  }
  const out = filled(control, defaults) as FormControl;
  out.type = control.type;
  if (!isRecord(out.options)) out.options = {};
  if (Array.isArray(control.columns)) {
    out.columns = control.columns.map((column) =>
      isRecord(column) && Array.isArray(column.list) ? { ...column, list: fullList(column.list) } : column,
    );
  }
  if (Array.isArray(control.tableColumns)) out.tableColumns = fullList(control.tableColumns);
  return out;
}

/** Whether the design gave the control a min or a max (the original client reads neither unset). */
function hasRange(control: FormControl): boolean {
  const own = isRecord(control.options) ? control.options : {};
  return 'min' in own || 'max' in own;
}

function fullList(list: unknown[]): FormControl[] {
  return list.map((c) => (isRecord(c) && typeof c.type === 'string' ? fullControl(c as FormControl) : (c as FormControl)));
}

/** The design with the keys above filled in; the input is not changed. */
export function withOriginDefaults(meta: FormMeta): FormMeta {
  const out: FormMeta = {
    ...meta,
    list: fullList(Array.isArray(meta.list) ? meta.list : []),
    config: filled(isRecord(meta.config) ? meta.config : {}, FORM_CONFIG_DEFAULTS) as FormConfig,
  };
  if (isRecord(meta.sensorSettings)) {
    const layout = isRecord(meta.sensorSettings.queryLayout) ? meta.sensorSettings.queryLayout : null;
    if (layout && layout.columnCount !== undefined) {
      // The V1 list page lays its query fields out in `cols` columns (without it, it draws nothing);
      // ours is columnCount, so cols follows it rather than keeping an older value.
      out.sensorSettings = { ...meta.sensorSettings, queryLayout: { ...layout, cols: layout.columnCount } };
    }
  }
  return out;
}

/** Paths of the keys of `reference` (nested objects opened) that `ours` lacks: what a check of the above asks. */
export function missingKeys(reference: Readonly<Record<string, unknown>>, ours: Readonly<Record<string, unknown>>, path = ''): string[] {
  return Object.entries(reference).flatMap(([k, v]) => {
    if (!(k in ours)) return [path + k];
    const mine = ours[k];
    return isRecord(v) && isRecord(mine) ? missingKeys(v, mine, `${path}${k}.`) : [];
  });
}

/** What withOriginDefaults gives a control of its palette `reference`, the keys it leaves out on purpose aside. */
export function controlGaps(reference: Readonly<Record<string, unknown>>, control: FormControl): string[] {
  const gaps = missingKeys(reference, control as unknown as Record<string, unknown>);
  return hasRange(control) ? gaps : gaps.filter((k) => k !== 'options.min' && k !== 'options.max');
}
