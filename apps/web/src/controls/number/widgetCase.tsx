import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** number: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { min: 2, max: 8, step: 1 } },
  stored: { f: '3' },
  display: '3',
  shown: (view) => expect(editorInput(view).value).toBe('3'),
  // The counter keeps to its range itself: 12 becomes the maximum when the field is left.
  out: {
    act: async (view) => {
      await retype(view, '12');
      await view.user.tab();
    },
    stored: { f: '8' },
  },
};
