import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { textWidget, textareaWidget } from './widgets.tsx';
import { TEXT, propertyEditor } from '../common/properties/editor.ts';
import { inputSections, textareaSections, typedInputSections } from './properties.tsx';

/**
 * The text family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const TEXT_CONTROLS = {
  /** 单行文本 */
  input: { widget: textWidget(), properties: propertyEditor(TEXT, inputSections) },
  /** 多行文本，默认5行 */
  textarea: { widget: textareaWidget(), properties: propertyEditor(TEXT, textareaSections) },
  /** 手机号码：11位，1开头、第二位3-9（格式由 core 校验） */
  input_mobile: { widget: textWidget(), properties: propertyEditor(TEXT, typedInputSections) },
  /** 电话号码：区号-号码 */
  input_tel: { widget: textWidget(), properties: propertyEditor(TEXT, typedInputSections) },
  /** 邮箱 */
  input_mail: { widget: textWidget(), properties: propertyEditor(TEXT, typedInputSections) },
  /** 邮政编码：6位数字 */
  input_postal: { widget: textWidget(), properties: propertyEditor(TEXT, typedInputSections) },
  /** 网址 */
  input_website: { widget: textWidget(), properties: propertyEditor(TEXT, typedInputSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
