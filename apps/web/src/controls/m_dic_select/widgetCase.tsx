import { DICS, multiPicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_dic_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = multiPicker(
  { 'GET /api/user/listDicCatalog': DICS },
  '选择字段',
  ['high', '较大风险'],
  ['major', '重大风险'],
  { displayModel: 'tree' },
  { typeCode: 'chemical_category' },
);
