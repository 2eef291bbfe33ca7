import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { blankWidget, fixedTextWidget, gridWidget } from './widgets.tsx';
import { LAYOUT, NONE, propertyEditor } from '../common/properties/editor.ts';
import { staticTextSections } from '../text/properties.tsx';
import { gridSections } from './properties.tsx';

/**
 * The layout family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const LAYOUT_CONTROLS = {
  /** 文字：设计中的固定文字 */
  text: { widget: fixedTextWidget(), properties: propertyEditor(LAYOUT, staticTextSections) },
  /** 空白占位 */
  blank: { widget: blankWidget(), properties: propertyEditor(NONE) },
  /** 栅格布局：行、列、span、gutter、justify、align */
  grid: { widget: gridWidget(), properties: propertyEditor(LAYOUT, gridSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
