import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** year_month: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM' } },
  stored: { f: '2027-06' },
  display: '2027-06',
  shown: (view) => expect(editorInput(view).value).toBe('2027-06'),
  out: { act: (view) => retype(view, '2028-01', '{Enter}'), stored: { f: '2028-01' } },
};
