import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { dateWidget } from './widgets.tsx';
import { FIELD, propertyEditor } from '../common/properties/editor.ts';
import { dateSections } from './properties.tsx';

/**
 * The date family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const DATE_CONTROLS = {
  /** 时间：可为时间范围 */
  time: { widget: dateWidget('time'), properties: propertyEditor(FIELD, dateSections) },
  /** 日期 */
  date: { widget: dateWidget('date'), properties: propertyEditor(FIELD, dateSections) },
  /** 日期时间 */
  datetime: { widget: dateWidget('datetime'), properties: propertyEditor(FIELD, dateSections) },
  /** 年份 */
  year: { widget: dateWidget('year'), properties: propertyEditor(FIELD, dateSections) },
  /** 月份 */
  month: { widget: dateWidget('month'), properties: propertyEditor(FIELD, dateSections) },
  /** 年月份 */
  year_month: { widget: dateWidget('year_month'), properties: propertyEditor(FIELD, dateSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
