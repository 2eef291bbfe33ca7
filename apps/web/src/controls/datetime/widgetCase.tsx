import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** datetime: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM-dd HH:mm:ss' } },
  stored: { f: '2026-11-25 07:45:00' },
  display: '2026-11-25 07:45:00',
  shown: (view) => expect(editorInput(view).value).toBe('2026-11-25 07:45:00'),
  out: {
    act: (view) => retype(view, '2026-11-26 18:05:30', '{Enter}'),
    stored: { f: '2026-11-26 18:05:30' },
  },
};
