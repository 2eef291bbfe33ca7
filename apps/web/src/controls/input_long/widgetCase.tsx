import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_long: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '9007199254740993123' },
  display: '9007199254740993123',
  shown: (view) => expect(editorInput(view).value).toBe('9007199254740993123'),
  // Beyond 2^53: kept as text, digit for digit.
  out: { act: (view) => retype(view, '9007199254740993124'), stored: { f: '9007199254740993124' } },
};
