/** The Chinese messages the 自动报表 dialog and the server share. */
export const AUTO_REPORT_TEXT = {
  noName: '请填写名称',
  nameTooLong: '名称不能超过50个字',
  noReport: '请选择报表',
  noWidget: '请选择要发送的表格',
  badTarget: '请选择发送内容',
  noRecipient: '请选择接收人',
  badTime: '请选择发送时间',
  badWeekDay: '请选择星期几',
  badMonthDay: '请选择每月几号',
  badCron: 'cron 不合法',
  saved: '保存成功',
  deleted: '删除成功',
  sent: '已发送',
  notFound: '自动报表不存在',
  otherTenant: '接收人不属于本租户',
  notTable: '只能选择表格控件发送 Excel',
} as const;

export const WEEK_DAY_LABELS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
