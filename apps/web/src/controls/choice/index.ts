import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { choiceWidget, switchWidget } from './widgets.tsx';
import { BARE, FIELD, propertyEditor } from '../common/properties/editor.ts';
import { cascadeSections, choiceSections } from './properties.tsx';
import { switchSections } from './switchProperties.tsx';

/**
 * The choice family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const CHOICE_CONTROLS = {
  /** 单选框：选项可控制其他控件的显示 */
  radio: { widget: choiceWidget('radio'), properties: propertyEditor(BARE, choiceSections) },
  /** 多选框：逗号分隔保存 */
  checkbox: { widget: choiceWidget('checkbox'), properties: propertyEditor(BARE, choiceSections) },
  /** 下拉选择框：静态或远程选项 */
  select: { widget: choiceWidget('select'), properties: propertyEditor(FIELD, choiceSections) },
  /** 多选下拉框 */
  multiple_select: { widget: choiceWidget('select'), properties: propertyEditor(FIELD, choiceSections) },
  /** 级联选择 */
  cascade: { widget: choiceWidget('cascade'), properties: propertyEditor(FIELD, cascadeSections) },
  /** 开关：开为 '0'，关为 '1'，旁边显示 openMsg / closeMsg */
  switch: { widget: switchWidget(), properties: propertyEditor(BARE, switchSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
