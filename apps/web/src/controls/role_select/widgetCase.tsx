import { ROLES, singlePicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** role_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = singlePicker(
  { 'GET /api/user/listRole': ROLES },
  '选择字段',
  ['2', '园区管理员'],
  ['5', '安全员'],
  { displayModel: 'table' },
);
