import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { dateWidget } from './widgets.tsx';

/** The date family on the phone: antd-mobile's DatePicker wheels, a time wheel of its own. */
export const DATE_CONTROLS = {
  time: dateWidget('time'),
  date: dateWidget('date'),
  datetime: dateWidget('datetime'),
  year: dateWidget('year'),
  month: dateWidget('month'),
  year_month: dateWidget('year_month'),
} satisfies Partial<Record<ControlType, MobileControl>>;
