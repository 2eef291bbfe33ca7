import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { currentUserWidget, multiPickerWidget, singlePickerWidget } from './widgets.tsx';

/**
 * The picker family on the phone: a bottom sheet with a search box over the same lookup calls as
 * the desktop's pickers (./sources.ts); m_ pickers check several. current_user is filled, not picked.
 */
export const PICKER_CONTROLS = {
  current_user: currentUserWidget(),
  org_select: singlePickerWidget(),
  user_select: singlePickerWidget(),
  company_select: singlePickerWidget(),
  role_select: singlePickerWidget(),
  dic_select: singlePickerWidget(),
  data_select: singlePickerWidget(),
  m_org_select: multiPickerWidget(),
  m_user_select: multiPickerWidget(),
  m_company_select: multiPickerWidget(),
  m_role_select: multiPickerWidget(),
  m_dic_select: multiPickerWidget(),
  m_data_select: multiPickerWidget(),
  m_data_ref: multiPickerWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
