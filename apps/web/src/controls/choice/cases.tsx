import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import {
  abc,
  area,
  chooseOption,
  openSelect,
  selectShown,
  type WidgetCase,
  visibleText,
} from '../../../test/widgetKit.tsx';

/** radio: display text, value in, value out. */
const radioCase: WidgetCase = {
  control: { options: { options: abc } },
  stored: { f: 'b' },
  display: '乙',
  shown: () => expect(screen.getByRole('radio', { name: '乙' })).toHaveProperty('checked', true),
  out: { act: (view) => view.user.click(screen.getByRole('radio', { name: '甲' })), stored: { f: 'a' } },
};

/** checkbox: display text, value in, value out. */
const checkboxCase: WidgetCase = {
  control: { options: { options: abc } },
  stored: { f: 'a,c' },
  display: '甲，丙',
  shown: () => {
    expect(screen.getByRole('checkbox', { name: '甲' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: '乙' })).toHaveProperty('checked', false);
  },
  out: {
    act: (view) => view.user.click(screen.getByRole('checkbox', { name: '乙' })),
    stored: { f: 'a,c,b' },
  },
};

/** select: display text, value in, value out. */
const selectCase: WidgetCase = {
  control: { options: { options: abc } },
  stored: { f: 'a' },
  display: '甲',
  shown: (view) => expect(selectShown(view)).toBe('甲'),
  out: {
    act: async (view) => {
      await openSelect(view);
      await chooseOption(view, '乙');
    },
    stored: { f: 'b' },
  },
};

/** multiple_select: display text, value in, value out. */
const multipleSelectCase: WidgetCase = {
  control: { options: { options: abc } },
  stored: { f: 'b,a' },
  display: '乙，甲',
  shown: (view) =>
    expect(
      [...view.container.querySelectorAll('.ant-select-selection-item-content')].map(visibleText),
    ).toEqual(['乙', '甲']),
  out: {
    act: async (view) => {
      await openSelect(view);
      await chooseOption(view, '丙');
    },
    stored: { f: 'b,a,c' },
  },
};

/** cascade: display text, value in, value out. */
const cascadeCase: WidgetCase = {
  control: { options: { options: area } },
  stored: { f: 'east,e1' },
  display: '东区 / 1号罐区',
  shown: (view) => expect(selectShown(view)).toBe('东区 / 1号罐区'),
  out: {
    act: async (view) => {
      await openSelect(view);
      await chooseOption(view, '西区');
      await chooseOption(view, '装卸站台');
    },
    stored: { f: 'west,w1' },
  },
};

/** switch: display text, value in, value out. */
const switchCase: WidgetCase = {
  control: { options: { openMsg: '重车', closeMsg: '空车' } },
  stored: { f: '1' },
  display: '空车',
  shown: (view) => {
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(visibleText(view.container)).toBe('空车');
  },
  // On is stored as '0' (spec 000 §3).
  out: { act: (view) => view.user.click(screen.getByRole('switch')), stored: { f: '0' } },
};

/** The choice family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const CHOICE_CASES = {
  radio: radioCase,
  checkbox: checkboxCase,
  select: selectCase,
  multiple_select: multipleSelectCase,
  cascade: cascadeCase,
  switch: switchCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
