import type { PropertyEditor } from '../shared/properties/types.ts';
import { formulaProblems } from '@park/core';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { sourceOf } from '../shared/properties/choice/OptionsList.tsx';
import { formulaSections } from '../shared/properties/formula/index.tsx';

/** calculate_formula: the designer's property panel (common fields shown, then the type's own sections). */
export const calculateFormulaProperties: PropertyEditor = propertyEditor(FIELD, formulaSections, (props) => formulaProblems(props.control, sourceOf(props)));
