import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** textarea: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: { f: '第一行\n第二行' },
  display: '第一行 第二行',
  shown: (view) => {
    expect(editorInput(view).value).toBe('第一行\n第二行');
    // Five rows unless the design says otherwise (spec 000 §9).
    expect(editorInput(view).getAttribute('rows')).toBe('5');
  },
  out: { act: (view) => retype(view, '夜间入园{Enter}需报备'), stored: { f: '夜间入园\n需报备' } },
};
