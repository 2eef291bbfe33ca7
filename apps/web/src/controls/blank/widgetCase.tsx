import { expect } from 'vitest';
import { visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** blank: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  stored: {},
  display: (root) => {
    expect(root.querySelector('.form-blank')).not.toBeNull();
    expect(visibleText(root)).toBe('');
  },
  shown: (view) => expect(view.container.querySelector('.form-blank')).not.toBeNull(),
  out: { none: 'empty space keeping a grid cell' },
};
