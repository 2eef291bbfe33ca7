import { expect } from 'vitest';
import { visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** grid: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: {
    model: '',
    options: { gutter: 16 },
    columns: [
      { span: 12, list: [{ type: 'input', key: 'plate', model: 'plate', name: '车牌', options: {} }] },
      { span: 12, list: [{ type: 'text', key: 'tip', model: '', options: { defaultValue: '须押运' } }] },
    ],
  },
  ctx: { values: { plate: '皖A12345' } },
  stored: {},
  display: (root) => {
    expect(root.querySelectorAll('.ant-col-12')).toHaveLength(2);
    expect(visibleText(root)).toBe('皖A12345 须押运');
  },
  shown: (view) => {
    expect(view.container.querySelectorAll('.ant-col-12')).toHaveLength(2);
    expect(view.container.querySelector('input')?.value).toBe('皖A12345');
  },
  out: { none: "a grid holds no value; its columns' controls report their own" },
};
