import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { abc, type WidgetCase } from '../../../test/widgetKit.tsx';

/** checkbox: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
