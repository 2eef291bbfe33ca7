import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { currentUserWidget, multiPickerWidget, singlePickerWidget } from './PickerField.tsx';
import { FIELD, propertyEditor } from '../common/properties/editor.ts';
import { currentUserSections, dataPickerSections, systemPickerSections } from './properties.tsx';
import { dataRefWidget } from './DataRefEditor.tsx';
import { dataRefSections } from './dataRefProperties.tsx';

/**
 * The picker family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const PICKER_CONTROLS = {
  /** 当前用户：自动填入登录用户 */
  current_user: { widget: currentUserWidget(), properties: propertyEditor(FIELD, currentUserSections) },
  /** 组织机构（单选） */
  org_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 用户（单选） */
  user_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 企业（单选）：企业管理员锁定为本企业 */
  company_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 角色（单选） */
  role_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 数据字典（单选），按 typeCode */
  dic_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 通用数据（单选）：maps */
  data_select: { widget: singlePickerWidget(), properties: propertyEditor(FIELD, dataPickerSections) },
  /** 组织机构（多选） */
  m_org_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 用户（多选） */
  m_user_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 企业（多选） */
  m_company_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 角色（多选） */
  m_role_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 数据字典（多选） */
  m_dic_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) },
  /** 通用数据（多选） */
  m_data_select: { widget: multiPickerWidget(), properties: propertyEditor(FIELD, dataPickerSections) },
  /** 数据引用：表单数据选择对话框 */
  m_data_ref: { widget: dataRefWidget(), properties: propertyEditor(FIELD, dataRefSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
