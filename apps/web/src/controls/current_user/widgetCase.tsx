import { expect } from 'vitest';
import { editorInput, picked, single, type WidgetCase } from '../../../test/widgetKit.tsx';

/** current_user: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: single,
  stored: picked('1', '系统管理员'),
  display: '系统管理员',
  shown: (view) => {
    expect(editorInput(view).value).toBe('系统管理员');
    expect(editorInput(view).disabled).toBe(true);
  },
  out: { none: 'filled with the signed-in user, never picked' },
};
