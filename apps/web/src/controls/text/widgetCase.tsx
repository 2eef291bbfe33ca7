import { expect } from 'vitest';
import { visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** text: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { defaultValue: '危化品车辆须经审核后方可入园' } },
  stored: {},
  display: '危化品车辆须经审核后方可入园',
  shown: (view) => expect(visibleText(view.container)).toBe('危化品车辆须经审核后方可入园'),
  out: { none: 'fixed wording of the design' },
};
