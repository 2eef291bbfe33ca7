import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';
import { fireEvent, screen } from '@testing-library/react';

/** number: display text, value in, value out. */
const numberCase: WidgetCase = {
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

/** input_number: display text, value in, value out. */
const inputNumberCase: WidgetCase = {
  stored: { f: '12.5' },
  display: '12.5',
  shown: (view) => expect(editorInput(view).value).toBe('12.5'),
  out: { act: (view) => retype(view, '7.25'), stored: { f: '7.25' } },
};

/** input_int: display text, value in, value out. */
const inputIntCase: WidgetCase = {
  stored: { f: '7' },
  display: '7',
  shown: (view) => expect(editorInput(view).value).toBe('7'),
  out: { act: (view) => retype(view, '42'), stored: { f: '42' } },
};

/** input_long: display text, value in, value out. */
const inputLongCase: WidgetCase = {
  stored: { f: '9007199254740993123' },
  display: '9007199254740993123',
  shown: (view) => expect(editorInput(view).value).toBe('9007199254740993123'),
  // Beyond 2^53: kept as text, digit for digit.
  out: { act: (view) => retype(view, '9007199254740993124'), stored: { f: '9007199254740993124' } },
};

/** slider: display text, value in, value out. */
const sliderCase: WidgetCase = {
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

/** calculate_formula: display text, value in, value out. */
const calculateFormulaCase: WidgetCase = {
  control: { options: { formula: { type: 'number', exp: ['${a}', '-', '${b}'] } } },
  stored: { f: '17.5' },
  display: '17.5',
  shown: (view) => {
    expect(editorInput(view).value).toBe('17.5');
    expect(editorInput(view).readOnly).toBe(true);
  },
  out: { none: 'read-only; the form store recomputes it from its inputs' },
};

/** The number family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const NUMBER_CASES = {
  number: numberCase,
  input_number: inputNumberCase,
  input_int: inputIntCase,
  input_long: inputLongCase,
  slider: sliderCase,
  calculate_formula: calculateFormulaCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
