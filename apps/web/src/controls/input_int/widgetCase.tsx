import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_int: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '7' },
  display: '7',
  shown: (view) => expect(editorInput(view).value).toBe('7'),
  out: { act: (view) => retype(view, '42'), stored: { f: '42' } },
};
