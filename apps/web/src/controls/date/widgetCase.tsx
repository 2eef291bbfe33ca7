import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** date: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM-dd' } },
  stored: { f: '2026-11-25' },
  display: '2026-11-25',
  shown: (view) => expect(editorInput(view).value).toBe('2026-11-25'),
  out: { act: (view) => retype(view, '2026-12-01', '{Enter}'), stored: { f: '2026-12-01' } },
};
