import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** month: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'MM' } },
  stored: { f: '06' },
  display: '06',
  shown: (view) => expect(editorInput(view).value).toBe('06'),
  out: { act: (view) => retype(view, '09', '{Enter}'), stored: { f: '09' } },
};
