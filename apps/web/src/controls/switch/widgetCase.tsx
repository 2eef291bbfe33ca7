import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** switch: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
