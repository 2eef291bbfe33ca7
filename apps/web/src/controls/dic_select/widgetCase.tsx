import { DICS, singlePicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** dic_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = singlePicker(
  { 'GET /api/user/listDicCatalog': DICS },
  '选择字段',
  ['high', '较大风险'],
  ['major', '重大风险'],
  { displayModel: 'tree' },
  { typeCode: 'risk_level' },
);
