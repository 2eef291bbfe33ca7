import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_mail: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: 'a@park.cn' },
  display: 'a@park.cn',
  shown: (view) => expect(editorInput(view).value).toBe('a@park.cn'),
  out: { act: (view) => retype(view, 'safety@park.cn'), stored: { f: 'safety@park.cn' } },
};
