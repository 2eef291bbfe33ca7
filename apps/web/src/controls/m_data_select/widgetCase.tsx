import { GOODS, multiPicker, goodsMaps, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_data_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = multiPicker(
  { 'GET /api/form/datasource/table/querydata': GOODS },
  '选择货物字段',
  ['11', '甲醇'],
  ['12', '乙醇'],
  { displayModel: 'table', maps: { ...goodsMaps, mapping: [] } },
);
