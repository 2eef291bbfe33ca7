import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_postal: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '230000' },
  display: '230000',
  shown: (view) => expect(editorInput(view).value).toBe('230000'),
  out: { act: (view) => retype(view, '231200'), stored: { f: '231200' } },
};
