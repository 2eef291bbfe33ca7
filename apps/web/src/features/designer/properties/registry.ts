import { formulaProblems, type ControlType } from '@park/core';
import { sourceOf } from './choice/OptionsList.tsx';
import { cascadeSections, choiceSections } from './choice/index.tsx';
import { dateSections } from './date/index.tsx';
import { formulaSections } from './formula/index.tsx';
import { gridSections } from './layout/index.tsx';
import { counterSections, sliderSections, typedNumberSections } from './number/index.tsx';
import { dataRefSections } from './picker/dataRef.tsx';
import { currentUserSections, dataPickerSections, systemPickerSections } from './picker/PickerSections.tsx';
import { gisSections, regionSections } from './place/index.tsx';
import { switchSections } from './switch/index.tsx';
import { tableSections } from './table/index.tsx';
import { inputSections, staticTextSections, textareaSections, typedInputSections } from './text/index.tsx';
import type { CommonFields, PropertyEditor, PropertySection } from './types.ts';
import { uploadSections } from './upload/index.tsx';

/** What each kind of widget reads (apps/web/src/controls): width and placeholder only where drawn. */
const FIELD: CommonFields = { model: true, width: true, placeholder: true, state: true, required: true, patterns: false };
const TEXT: CommonFields = { ...FIELD, patterns: true };
/** Radio, checkbox, switch, slider, uploads, region and map draw no width or placeholder. */
const BARE: CommonFields = { ...FIELD, width: false, placeholder: false };
const LAYOUT: CommonFields = { model: false, width: false, placeholder: false, state: true, required: false, patterns: false };
const SUB_TABLE: CommonFields = { ...LAYOUT, model: true };
const NONE: CommonFields = { ...LAYOUT, state: false };

const editor = (common: CommonFields, sections: readonly PropertySection[] = [], shownInPlace?: PropertyEditor['shownInPlace']): PropertyEditor => ({
  common,
  sections,
  shownInPlace,
});

/**
 * The property editor of every control type (DESIGN §3): exhaustive over core's ControlType, so
 * a type without a panel does not compile. Families share sections; each family has its folder.
 */
export const PROPERTY_EDITORS: Readonly<Record<ControlType, PropertyEditor>> = {
  input: editor(TEXT, inputSections),
  textarea: editor(TEXT, textareaSections),
  input_mobile: editor(TEXT, typedInputSections),
  input_tel: editor(TEXT, typedInputSections),
  input_mail: editor(TEXT, typedInputSections),
  input_postal: editor(TEXT, typedInputSections),
  input_website: editor(TEXT, typedInputSections),
  text: editor(LAYOUT, staticTextSections),
  blank: editor(NONE),
  grid: editor(LAYOUT, gridSections),

  number: editor(FIELD, counterSections),
  input_number: editor(TEXT, typedNumberSections),
  input_int: editor(TEXT, typedNumberSections),
  input_long: editor(TEXT, typedNumberSections),
  slider: editor(BARE, sliderSections),
  calculate_formula: editor(FIELD, formulaSections, (props) => formulaProblems(props.control, sourceOf(props))),

  radio: editor(BARE, choiceSections),
  checkbox: editor(BARE, choiceSections),
  select: editor(FIELD, choiceSections),
  multiple_select: editor(FIELD, choiceSections),
  cascade: editor(FIELD, cascadeSections),
  switch: editor(BARE, switchSections),

  time: editor(FIELD, dateSections),
  date: editor(FIELD, dateSections),
  datetime: editor(FIELD, dateSections),
  year: editor(FIELD, dateSections),
  month: editor(FIELD, dateSections),
  year_month: editor(FIELD, dateSections),

  region_select: editor(BARE, regionSections),
  gis_select: editor(BARE, gisSections),
  signature: editor(BARE),
  file_upload: editor(BARE, uploadSections),
  image_upload: editor(BARE, uploadSections),

  current_user: editor(FIELD, currentUserSections),
  org_select: editor(FIELD, systemPickerSections),
  user_select: editor(FIELD, systemPickerSections),
  company_select: editor(FIELD, systemPickerSections),
  role_select: editor(FIELD, systemPickerSections),
  dic_select: editor(FIELD, systemPickerSections),
  data_select: editor(FIELD, dataPickerSections),
  m_org_select: editor(FIELD, systemPickerSections),
  m_user_select: editor(FIELD, systemPickerSections),
  m_company_select: editor(FIELD, systemPickerSections),
  m_role_select: editor(FIELD, systemPickerSections),
  m_dic_select: editor(FIELD, systemPickerSections),
  m_data_select: editor(FIELD, dataPickerSections),
  m_data_ref: editor(FIELD, dataRefSections),

  table: editor(SUB_TABLE, tableSections),
  flow_table: editor(SUB_TABLE, tableSections),
};

/** The editor of a type, or undefined for a type this designer does not know. */
export function propertyEditorOf(type: string): PropertyEditor | undefined {
  return Object.hasOwn(PROPERTY_EDITORS, type) ? PROPERTY_EDITORS[type as ControlType] : undefined;
}
