import { USERS, singlePicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** user_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = singlePicker({ 'GET /api/user/listUser': USERS }, '选择字段', ['7', '张三'], ['8', '李四'], {
  displayModel: 'table',
});
