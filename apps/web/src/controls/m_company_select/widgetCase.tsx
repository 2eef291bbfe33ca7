import { COMPANIES, multiPicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_company_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = multiPicker(
  { 'GET /api/company/queryAllCompanyInfo': COMPANIES },
  '选择字段',
  ['3', '示例化工有限公司'],
  ['4', '园区物流有限公司'],
  { displayModel: 'table' },
);
