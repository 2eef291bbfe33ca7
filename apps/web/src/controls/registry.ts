import type { ControlType } from '@park/core';
import type { ControlWidget } from './types.ts';
import { inputControl } from './input/index.tsx';
import { textareaControl } from './textarea/index.tsx';
import { inputMobileControl } from './input_mobile/index.tsx';
import { inputTelControl } from './input_tel/index.tsx';
import { inputMailControl } from './input_mail/index.tsx';
import { inputPostalControl } from './input_postal/index.tsx';
import { inputWebsiteControl } from './input_website/index.tsx';
import { textControl } from './text/index.tsx';
import { blankControl } from './blank/index.tsx';
import { gridControl } from './grid/index.tsx';
import { numberControl } from './number/index.tsx';
import { inputNumberControl } from './input_number/index.tsx';
import { inputIntControl } from './input_int/index.tsx';
import { inputLongControl } from './input_long/index.tsx';
import { sliderControl } from './slider/index.tsx';
import { calculateFormulaControl } from './calculate_formula/index.tsx';
import { radioControl } from './radio/index.tsx';
import { checkboxControl } from './checkbox/index.tsx';
import { selectControl } from './select/index.tsx';
import { multipleSelectControl } from './multiple_select/index.tsx';
import { cascadeControl } from './cascade/index.tsx';
import { switchControl } from './switch/index.tsx';
import { timeControl } from './time/index.tsx';
import { dateControl } from './date/index.tsx';
import { datetimeControl } from './datetime/index.tsx';
import { yearControl } from './year/index.tsx';
import { monthControl } from './month/index.tsx';
import { yearMonthControl } from './year_month/index.tsx';
import { regionSelectControl } from './region_select/index.tsx';
import { gisSelectControl } from './gis_select/index.tsx';
import { signatureControl } from './signature/index.tsx';
import { fileUploadControl } from './file_upload/index.tsx';
import { imageUploadControl } from './image_upload/index.tsx';
import { currentUserControl } from './current_user/index.tsx';
import { orgSelectControl } from './org_select/index.tsx';
import { userSelectControl } from './user_select/index.tsx';
import { companySelectControl } from './company_select/index.tsx';
import { roleSelectControl } from './role_select/index.tsx';
import { dicSelectControl } from './dic_select/index.tsx';
import { dataSelectControl } from './data_select/index.tsx';
import { mOrgSelectControl } from './m_org_select/index.tsx';
import { mUserSelectControl } from './m_user_select/index.tsx';
import { mCompanySelectControl } from './m_company_select/index.tsx';
import { mRoleSelectControl } from './m_role_select/index.tsx';
import { mDicSelectControl } from './m_dic_select/index.tsx';
import { mDataSelectControl } from './m_data_select/index.tsx';
import { mDataRefControl } from './m_data_ref/index.tsx';
import { tableControl } from './table/index.tsx';
import { flowTableControl } from './flow_table/index.tsx';

/**
 * The browser half of every control type (DESIGN §3): exhaustive over core's ControlType, so a
 * type without a widget does not compile. Families share components; each type has its folder.
 */
export const CONTROL_WIDGETS: Readonly<Record<ControlType, ControlWidget>> = {
  input: inputControl,
  textarea: textareaControl,
  input_mobile: inputMobileControl,
  input_tel: inputTelControl,
  input_mail: inputMailControl,
  input_postal: inputPostalControl,
  input_website: inputWebsiteControl,
  text: textControl,
  blank: blankControl,
  grid: gridControl,
  number: numberControl,
  input_number: inputNumberControl,
  input_int: inputIntControl,
  input_long: inputLongControl,
  slider: sliderControl,
  calculate_formula: calculateFormulaControl,
  radio: radioControl,
  checkbox: checkboxControl,
  select: selectControl,
  multiple_select: multipleSelectControl,
  cascade: cascadeControl,
  switch: switchControl,
  time: timeControl,
  date: dateControl,
  datetime: datetimeControl,
  year: yearControl,
  month: monthControl,
  year_month: yearMonthControl,
  region_select: regionSelectControl,
  gis_select: gisSelectControl,
  signature: signatureControl,
  file_upload: fileUploadControl,
  image_upload: imageUploadControl,
  current_user: currentUserControl,
  org_select: orgSelectControl,
  user_select: userSelectControl,
  company_select: companySelectControl,
  role_select: roleSelectControl,
  dic_select: dicSelectControl,
  data_select: dataSelectControl,
  m_org_select: mOrgSelectControl,
  m_user_select: mUserSelectControl,
  m_company_select: mCompanySelectControl,
  m_role_select: mRoleSelectControl,
  m_dic_select: mDicSelectControl,
  m_data_select: mDataSelectControl,
  m_data_ref: mDataRefControl,
  table: tableControl,
  flow_table: flowTableControl,
};

/** The widget of a control, or undefined for a type this runtime does not know. */
export function widgetOf(type: string): ControlWidget | undefined {
  return Object.hasOwn(CONTROL_WIDGETS, type) ? CONTROL_WIDGETS[type as ControlType] : undefined;
}
