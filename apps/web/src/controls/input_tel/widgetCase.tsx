import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_tel: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '0551-12345678' },
  display: '0551-12345678',
  shown: (view) => expect(editorInput(view).value).toBe('0551-12345678'),
  out: { act: (view) => retype(view, '0551-87654321'), stored: { f: '0551-87654321' } },
};
