import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_mobile: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '13800138000' },
  display: '13800138000',
  shown: (view) => expect(editorInput(view).value).toBe('13800138000'),
  out: { act: (view) => retype(view, '13912345678'), stored: { f: '13912345678' } },
};
