import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '皖A12345' },
  display: '皖A12345',
  shown: (view) => expect(editorInput(view).value).toBe('皖A12345'),
  out: { act: (view) => retype(view, '皖B54321'), stored: { f: '皖B54321' } },
};
