import type { ControlType } from '@park/core';
import type { PropertyEditor } from './shared/properties/types.ts';
import { blankProperties } from './blank/properties.ts';
import { calculateFormulaProperties } from './calculate_formula/properties.ts';
import { cascadeProperties } from './cascade/properties.ts';
import { checkboxProperties } from './checkbox/properties.ts';
import { companySelectProperties } from './company_select/properties.ts';
import { currentUserProperties } from './current_user/properties.ts';
import { dataSelectProperties } from './data_select/properties.ts';
import { dateProperties } from './date/properties.ts';
import { datetimeProperties } from './datetime/properties.ts';
import { dicSelectProperties } from './dic_select/properties.ts';
import { fileUploadProperties } from './file_upload/properties.ts';
import { flowTableProperties } from './flow_table/properties.ts';
import { gisSelectProperties } from './gis_select/properties.ts';
import { gridProperties } from './grid/properties.ts';
import { imageUploadProperties } from './image_upload/properties.ts';
import { inputProperties } from './input/properties.ts';
import { inputIntProperties } from './input_int/properties.ts';
import { inputLongProperties } from './input_long/properties.ts';
import { inputMailProperties } from './input_mail/properties.ts';
import { inputMobileProperties } from './input_mobile/properties.ts';
import { inputNumberProperties } from './input_number/properties.ts';
import { inputPostalProperties } from './input_postal/properties.ts';
import { inputTelProperties } from './input_tel/properties.ts';
import { inputWebsiteProperties } from './input_website/properties.ts';
import { mCompanySelectProperties } from './m_company_select/properties.ts';
import { mDataRefProperties } from './m_data_ref/properties.ts';
import { mDataSelectProperties } from './m_data_select/properties.ts';
import { mDicSelectProperties } from './m_dic_select/properties.ts';
import { mOrgSelectProperties } from './m_org_select/properties.ts';
import { mRoleSelectProperties } from './m_role_select/properties.ts';
import { mUserSelectProperties } from './m_user_select/properties.ts';
import { monthProperties } from './month/properties.ts';
import { multipleSelectProperties } from './multiple_select/properties.ts';
import { numberProperties } from './number/properties.ts';
import { orgSelectProperties } from './org_select/properties.ts';
import { radioProperties } from './radio/properties.ts';
import { regionSelectProperties } from './region_select/properties.ts';
import { roleSelectProperties } from './role_select/properties.ts';
import { selectProperties } from './select/properties.ts';
import { signatureProperties } from './signature/properties.ts';
import { sliderProperties } from './slider/properties.ts';
import { switchProperties } from './switch/properties.ts';
import { tableProperties } from './table/properties.ts';
import { textProperties } from './text/properties.ts';
import { textareaProperties } from './textarea/properties.ts';
import { timeProperties } from './time/properties.ts';
import { userSelectProperties } from './user_select/properties.ts';
import { yearProperties } from './year/properties.ts';
import { yearMonthProperties } from './year_month/properties.ts';

/**
 * The designer's property panel of every control type (DESIGN §3): exhaustive over core's
 * ControlType, so a type without a panel does not compile. Each lives in its control's folder
 * (`controls/<type>/properties.ts`), beside the widget; families share sections from
 * `shared/properties/<family>/`.
 */
export const CONTROL_PROPERTIES: Readonly<Record<ControlType, PropertyEditor>> = {
  blank: blankProperties,
  calculate_formula: calculateFormulaProperties,
  cascade: cascadeProperties,
  checkbox: checkboxProperties,
  company_select: companySelectProperties,
  current_user: currentUserProperties,
  data_select: dataSelectProperties,
  date: dateProperties,
  datetime: datetimeProperties,
  dic_select: dicSelectProperties,
  file_upload: fileUploadProperties,
  flow_table: flowTableProperties,
  gis_select: gisSelectProperties,
  grid: gridProperties,
  image_upload: imageUploadProperties,
  input: inputProperties,
  input_int: inputIntProperties,
  input_long: inputLongProperties,
  input_mail: inputMailProperties,
  input_mobile: inputMobileProperties,
  input_number: inputNumberProperties,
  input_postal: inputPostalProperties,
  input_tel: inputTelProperties,
  input_website: inputWebsiteProperties,
  m_company_select: mCompanySelectProperties,
  m_data_ref: mDataRefProperties,
  m_data_select: mDataSelectProperties,
  m_dic_select: mDicSelectProperties,
  m_org_select: mOrgSelectProperties,
  m_role_select: mRoleSelectProperties,
  m_user_select: mUserSelectProperties,
  month: monthProperties,
  multiple_select: multipleSelectProperties,
  number: numberProperties,
  org_select: orgSelectProperties,
  radio: radioProperties,
  region_select: regionSelectProperties,
  role_select: roleSelectProperties,
  select: selectProperties,
  signature: signatureProperties,
  slider: sliderProperties,
  switch: switchProperties,
  table: tableProperties,
  text: textProperties,
  textarea: textareaProperties,
  time: timeProperties,
  user_select: userSelectProperties,
  year: yearProperties,
  year_month: yearMonthProperties,
};
