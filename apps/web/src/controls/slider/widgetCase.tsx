import { expect } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { editorInput, type WidgetCase } from '../../../test/widgetKit.tsx';

/** slider: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
  control: { options: { min: 0, max: 100, step: 5, showInput: true } },
  stored: { f: '80' },
  display: '80',
  shown: (view) => {
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('80');
    expect(editorInput(view).value).toBe('80');
  },
  out: {
    // One step right with the keyboard. rc-slider reads keyCode, which user-event leaves at 0.
    act: async () => {
      const handle = screen.getByRole('slider');
      handle.focus();
      fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39 });
      fireEvent.keyUp(handle, { key: 'ArrowRight', keyCode: 39 });
    },
    stored: { f: '85' },
  },
};
