import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** time: display text, value in, value out. */
const timeCase: WidgetCase = {
  control: { options: { format: 'HH:mm:ss' } },
  stored: { f: '08:30:00' },
  display: '08:30:00',
  shown: (view) => expect(editorInput(view).value).toBe('08:30:00'),
  out: { act: (view) => retype(view, '09:15:00', '{Enter}'), stored: { f: '09:15:00' } },
};

/** date: display text, value in, value out. */
const dateCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM-dd' } },
  stored: { f: '2026-11-25' },
  display: '2026-11-25',
  shown: (view) => expect(editorInput(view).value).toBe('2026-11-25'),
  out: { act: (view) => retype(view, '2026-12-01', '{Enter}'), stored: { f: '2026-12-01' } },
};

/** datetime: display text, value in, value out. */
const datetimeCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM-dd HH:mm:ss' } },
  stored: { f: '2026-11-25 07:45:00' },
  display: '2026-11-25 07:45:00',
  shown: (view) => expect(editorInput(view).value).toBe('2026-11-25 07:45:00'),
  out: {
    act: (view) => retype(view, '2026-11-26 18:05:30', '{Enter}'),
    stored: { f: '2026-11-26 18:05:30' },
  },
};

/** year: display text, value in, value out. */
const yearCase: WidgetCase = {
  control: { options: { format: 'yyyy' } },
  stored: { f: '2020' },
  display: '2020',
  shown: (view) => expect(editorInput(view).value).toBe('2020'),
  out: { act: (view) => retype(view, '2024', '{Enter}'), stored: { f: '2024' } },
};

/** month: display text, value in, value out. */
const monthCase: WidgetCase = {
  control: { options: { format: 'MM' } },
  stored: { f: '06' },
  display: '06',
  shown: (view) => expect(editorInput(view).value).toBe('06'),
  out: { act: (view) => retype(view, '09', '{Enter}'), stored: { f: '09' } },
};

/** year_month: display text, value in, value out. */
const yearMonthCase: WidgetCase = {
  control: { options: { format: 'yyyy-MM' } },
  stored: { f: '2027-06' },
  display: '2027-06',
  shown: (view) => expect(editorInput(view).value).toBe('2027-06'),
  out: { act: (view) => retype(view, '2028-01', '{Enter}'), stored: { f: '2028-01' } },
};

/** The date family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const DATE_CASES = {
  time: timeCase,
  date: dateCase,
  datetime: datetimeCase,
  year: yearCase,
  month: monthCase,
  year_month: yearMonthCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
