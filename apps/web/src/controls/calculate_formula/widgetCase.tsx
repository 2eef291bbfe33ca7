import { expect } from 'vitest';
import { editorInput, type WidgetCase } from '../../../test/widgetKit.tsx';

/** calculate_formula: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { formula: { type: 'number', exp: ['${a}', '-', '${b}'] } } },
  stored: { f: '17.5' },
  display: '17.5',
  shown: (view) => {
    expect(editorInput(view).value).toBe('17.5');
    expect(editorInput(view).readOnly).toBe(true);
  },
  out: { none: 'read-only; the form store recomputes it from its inputs' },
};
