import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_number: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '12.5' },
  display: '12.5',
  shown: (view) => expect(editorInput(view).value).toBe('12.5'),
  out: { act: (view) => retype(view, '7.25'), stored: { f: '7.25' } },
};
