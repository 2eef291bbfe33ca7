import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { type WidgetCase, visibleText } from '../../../test/widgetKit.tsx';

/** text: display text, value in, value out. */
const textCase: WidgetCase = {
  control: { options: { defaultValue: '危化品车辆须经审核后方可入园' } },
  stored: {},
  display: '危化品车辆须经审核后方可入园',
  shown: (view) => expect(visibleText(view.container)).toBe('危化品车辆须经审核后方可入园'),
  out: { none: 'fixed wording of the design' },
};

/** blank: display text, value in, value out. */
const blankCase: WidgetCase = {
  stored: {},
  display: (root) => {
    expect(root.querySelector('.form-blank')).not.toBeNull();
    expect(visibleText(root)).toBe('');
  },
  shown: (view) => expect(view.container.querySelector('.form-blank')).not.toBeNull(),
  out: { none: 'empty space keeping a grid cell' },
};

/** grid: display text, value in, value out. */
const gridCase: WidgetCase = {
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

/** The layout family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const LAYOUT_CASES = {
  text: textCase,
  blank: blankCase,
  grid: gridCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
