import { ORGS, multiPicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_org_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = multiPicker(
  { 'GET /api/user/listOrgTree': ORGS },
  '选择字段',
  ['5', '安全监管科'],
  ['6', '应急管理科'],
  { displayModel: 'tree' },
);
