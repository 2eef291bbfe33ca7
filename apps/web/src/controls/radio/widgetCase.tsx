import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { abc, type WidgetCase } from '../../../test/widgetKit.tsx';

/** radio: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { options: abc } },
  stored: { f: 'b' },
  display: '乙',
  shown: () => expect(screen.getByRole('radio', { name: '乙' })).toHaveProperty('checked', true),
  out: { act: (view) => view.user.click(screen.getByRole('radio', { name: '甲' })), stored: { f: 'a' } },
};
