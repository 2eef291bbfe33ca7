import { choiceControl } from './controls/choiceControls.ts';
import { dateControl } from './controls/dateControls.ts';
import type { ControlDefinition } from './controls/define.ts';
import { INT32, INT64, numberControl, PALETTE_DECIMAL_PATTERN, PALETTE_INTEGER_PATTERN } from './controls/numberControls.ts';
import { multiPicker, singlePicker } from './controls/pickerControls.ts';
import { gisControl, regionControl } from './controls/placeControls.ts';
import { calculatedControl, layoutControl, subTableControl } from './controls/structureControls.ts';
import { switchControl } from './controls/switchControl.ts';
import { textControl } from './controls/textControls.ts';
import { signatureControl, uploadControl } from './controls/uploadControls.ts';
import { CONTROL_TYPES, type ControlType, type FormControl } from './types.ts';

/** Exhaustive over ControlType: a type without a definition does not compile (DESIGN §3). */
export const CONTROL_DEFINITIONS: Readonly<Record<ControlType, ControlDefinition>> = {
  input: textControl(),
  textarea: textControl(),
  input_mobile: textControl('mobile'),
  input_tel: textControl('telephone'),
  input_mail: textControl('email'),
  input_postal: textControl('postal'),
  input_website: textControl('website'),

  number: numberControl({ clamps: true }),
  input_number: numberControl({ palettePattern: PALETTE_DECIMAL_PATTERN }),
  input_int: numberControl({ integer: true, bounds: INT32, palettePattern: PALETTE_INTEGER_PATTERN }),
  input_long: numberControl({ integer: true, bounds: INT64, keepText: true, palettePattern: PALETTE_INTEGER_PATTERN }),
  slider: numberControl({ clamps: true, defaultMin: 0, defaultMax: 100 }),
  calculate_formula: calculatedControl(),

  radio: choiceControl(),
  select: choiceControl(),
  checkbox: choiceControl(),
  multiple_select: choiceControl(),
  cascade: choiceControl(),
  switch: switchControl(),

  year: dateControl('year'),
  month: dateControl('month'),
  year_month: dateControl('year_month'),
  date: dateControl('date'),
  datetime: dateControl('datetime'),
  time: dateControl('time'),

  file_upload: uploadControl(),
  image_upload: uploadControl(),
  signature: signatureControl(),

  current_user: singlePicker(),
  org_select: singlePicker(),
  user_select: singlePicker(),
  company_select: singlePicker(),
  role_select: singlePicker(),
  dic_select: singlePicker(),
  data_select: singlePicker(),
  m_org_select: multiPicker(),
  m_user_select: multiPicker(),
  m_company_select: multiPicker(),
  m_role_select: multiPicker(),
  m_dic_select: multiPicker(),
  m_data_select: multiPicker(),
  m_data_ref: multiPicker(),

  region_select: regionControl(),
  gis_select: gisControl(),

  text: layoutControl(),
  blank: layoutControl(),
  grid: layoutControl(),
  table: subTableControl(),
  flow_table: subTableControl(),
};

const KNOWN = new Set<string>(CONTROL_TYPES);

export function isControlType(type: unknown): type is ControlType {
  return typeof type === 'string' && KNOWN.has(type);
}

/** The definition of a control, or undefined for a type this runtime does not know. */
export function definitionOf(control: FormControl): ControlDefinition | undefined {
  return isControlType(control.type) ? CONTROL_DEFINITIONS[control.type] : undefined;
}

/** Containers whose controls belong to another table. */
export function isSubTable(control: FormControl): boolean {
  return control.type === 'table' || control.type === 'flow_table';
}
