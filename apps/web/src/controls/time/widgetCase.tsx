import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** time: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'HH:mm:ss' } },
  stored: { f: '08:30:00' },
  display: '08:30:00',
  shown: (view) => expect(editorInput(view).value).toBe('08:30:00'),
  out: { act: (view) => retype(view, '09:15:00', '{Enter}'), stored: { f: '09:15:00' } },
};
