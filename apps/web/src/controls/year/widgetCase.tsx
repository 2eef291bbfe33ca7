import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** year: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'yyyy' } },
  stored: { f: '2020' },
  display: '2020',
  shown: (view) => expect(editorInput(view).value).toBe('2020'),
  out: { act: (view) => retype(view, '2024', '{Enter}'), stored: { f: '2024' } },
};
