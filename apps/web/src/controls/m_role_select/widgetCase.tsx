import { ROLES, multiPicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_role_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = multiPicker(
  { 'GET /api/user/listRole': ROLES },
  '选择字段',
  ['2', '园区管理员'],
  ['5', '安全员'],
  { displayModel: 'tree' },
);
