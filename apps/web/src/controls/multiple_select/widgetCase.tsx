import { expect } from 'vitest';
import { chooseOption, openSelect, abc, visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** multiple_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
