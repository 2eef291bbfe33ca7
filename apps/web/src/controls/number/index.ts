import { formulaProblems, type ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { formulaWidget, numberWidget, sliderWidget } from './widgets.tsx';
import { BARE, FIELD, TEXT, propertyEditor } from '../common/properties/editor.ts';
import { counterSections, sliderSections, typedNumberSections } from './properties.tsx';
import { sourceOf } from '../choice/OptionsList.tsx';
import { formulaSections } from './formulaProperties.tsx';

/**
 * The number family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const NUMBER_CONTROLS = {
  /** 计数器：min/max/step，自身限制在范围内 */
  number: { widget: numberWidget({ clamps: true }), properties: propertyEditor(FIELD, counterSections) },
  /** 数字(浮点型)：超出 enableMinMax 的范围由校验提示 */
  input_number: { widget: numberWidget({}), properties: propertyEditor(TEXT, typedNumberSections) },
  /** 数字(整型) */
  input_int: {
    widget: numberWidget({ integer: true }),
    properties: propertyEditor(TEXT, typedNumberSections),
  },
  /** 数字(长整型)：超过 2^53 的值以文本保存 */
  input_long: {
    widget: numberWidget({ integer: true, asText: true }),
    properties: propertyEditor(TEXT, typedNumberSections),
  },
  /** 滑块：range、showInput */
  slider: { widget: sliderWidget(), properties: propertyEditor(BARE, sliderSections) },
  /** 计算公式：只读，随引用字段实时重算 */
  calculate_formula: {
    widget: formulaWidget(),
    properties: propertyEditor(FIELD, formulaSections, (props) =>
      formulaProblems(props.control, sourceOf(props)),
    ),
  },
} satisfies Partial<Record<ControlType, ControlUi>>;
