import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { counterWidget, formulaWidget, sliderWidget, typedNumberWidget } from './widgets.tsx';

/** The number family on the phone: the numeric keyboard, a stepper, a slider, the formula's result. */
export const NUMBER_CONTROLS = {
  number: counterWidget(),
  input_number: typedNumberWidget(false),
  input_int: typedNumberWidget(true),
  input_long: typedNumberWidget(true, true),
  slider: sliderWidget(),
  calculate_formula: formulaWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
