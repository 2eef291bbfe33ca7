import { expect } from 'vitest';
import { selectShown, chooseOption, openSelect, area, type WidgetCase } from '../../../test/widgetKit.tsx';

/** cascade: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
