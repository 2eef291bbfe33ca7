/** The reminder settings' messages (the original's where it had one). */
export const REMIND_TEXT = {
  defaultRecipient: '请填写默认接收人',
  shape: '提醒设置格式不正确',
  remindType: '请选择提醒方式',
  remindDay: '请选择提醒日期',
  remindTime: '提醒时间格式应为 HH:mm',
  remindWay: '请至少选择一种提醒渠道',
  mailOff: '未配置邮件服务，不能选择邮件提醒',
  title: '请填写提醒标题',
  cond: '请设置提醒条件',
  condField: (i: number) => `第 ${i} 个条件未选择字段`,
  condValue: (i: number) => `第 ${i} 个条件未填写完整`,
  period: '提醒周期应为 1 到 366 的整数',
  tooMany: '提醒设置最多 50 条',
  saved: '保存成功',
} as const;
