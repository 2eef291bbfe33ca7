import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input_website: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: 'https://park.cn' },
  display: 'https://park.cn',
  shown: (view) => expect(editorInput(view).value).toBe('https://park.cn'),
  out: { act: (view) => retype(view, 'https://chem.park.cn'), stored: { f: 'https://chem.park.cn' } },
};
