import type { ControlWidget } from '../types.ts';
import { formulaWidget } from '../shared/numberWidgets.tsx';
import { formulaProblems } from '@park/core';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { sourceOf } from '../shared/properties/choice/OptionsList.tsx';
import { formulaSections } from '../shared/properties/formula/index.tsx';

/** calculate_formula: 计算公式：只读，随引用字段实时重算. Editor, Display, text and the designer's property panel. */
export const calculateFormulaControl: ControlWidget = { ...formulaWidget(), properties: propertyEditor(FIELD, formulaSections, (props) => formulaProblems(props.control, sourceOf(props))) };
export const { Editor, Display } = calculateFormulaControl;
