import type { ControlWidget } from '../types.ts';
import { formulaWidget } from '../shared/numberWidgets.tsx';

/** calculate_formula: 计算公式：只读，随引用字段实时重算. Editor, Display and text; its designer panel is properties.ts beside it. */
export const calculateFormulaControl: ControlWidget = formulaWidget();
export const { Editor, Display } = calculateFormulaControl;
