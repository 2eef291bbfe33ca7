import { multiPickerText, pickerText, type ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

export const PICKER_TEXTS = {
  current_user: pickerText,
  org_select: pickerText,
  user_select: pickerText,
  company_select: pickerText,
  role_select: pickerText,
  dic_select: pickerText,
  data_select: pickerText,
  m_org_select: multiPickerText,
  m_user_select: multiPickerText,
  m_company_select: multiPickerText,
  m_role_select: multiPickerText,
  m_dic_select: multiPickerText,
  m_data_select: multiPickerText,
  m_data_ref: multiPickerText,
} satisfies Partial<Record<ControlType, ControlText>>;
