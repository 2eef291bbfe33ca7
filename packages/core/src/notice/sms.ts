/*
 * 短信设置 (issue 38): notice SMS templates with ${变量}. Only the listed variables may appear, so a
 * template never prints a placeholder nobody fills.
 */
export const SMS_VARIABLES = ['企业名称', '姓名', '公告标题', '日期'] as const;
export type SmsVariable = (typeof SMS_VARIABLES)[number];

export const SMS_TEMPLATE_MAX = 300;

export const SMS_TEXT = {
  nameRequired: '请输入模板名称',
  contentRequired: '请输入模板内容',
  contentTooLong: `模板内容不能超过${SMS_TEMPLATE_MAX}个字`,
  unknownVariable: (names: string[]) => `模板中有不支持的变量：${names.map((n) => `\${${n}}`).join('、')}；可用变量：${SMS_VARIABLES.map((n) => `\${${n}}`).join('、')}`,
  phoneInvalid: '请输入正确的手机号',
} as const;

const VARIABLE = /\$\{([^}]*)\}/g;

/** The message for a template that may not be saved, or null. */
export function smsTemplateError(name: unknown, content: unknown): string | null {
  if (typeof name !== 'string' || !name.trim()) return SMS_TEXT.nameRequired;
  if (typeof content !== 'string' || !content.trim()) return SMS_TEXT.contentRequired;
  if ([...content].length > SMS_TEMPLATE_MAX) return SMS_TEXT.contentTooLong;
  const unknown = [...content.matchAll(VARIABLE)].map((m) => m[1]!).filter((v) => !(SMS_VARIABLES as readonly string[]).includes(v));
  return unknown.length > 0 ? SMS_TEXT.unknownVariable([...new Set(unknown)]) : null;
}

/** Fills the variables; an unfilled one becomes empty rather than showing its placeholder. */
export function renderSms(content: string, values: Partial<Record<SmsVariable, string>>): string {
  return content.replace(VARIABLE, (_, v: string) => values[v as SmsVariable] ?? '');
}

export const isMobilePhone = (phone: unknown): boolean => typeof phone === 'string' && /^1\d{10}$/.test(phone);

export const DEFAULT_NOTICE_SMS = '【园区】${姓名}您好，${企业名称}有新公告《${公告标题}》（${日期}），请登录平台查看。';
