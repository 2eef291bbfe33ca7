import { expect } from 'vitest';
import { selectShown, chooseOption, openSelect, abc, type WidgetCase } from '../../../test/widgetKit.tsx';

/** select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
