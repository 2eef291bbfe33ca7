/** The form pages' texts: the desktop's (apps/web/src/form/messages.ts) where it has them. */
export const CONFIRM_SAVE = '确认保存吗？';
export const CONFIRM_DELETE = '确认删除该记录吗？';
export const SAVED = '保存成功';
export const SUBMITTED = '提交成功';
export const DRAFT_RESTORED = (when: string) => `已恢复 ${when} 未保存的填写内容`;
export const DRAFT_KEPT_OFFLINE = '网络连接失败，填写的内容已保存在本机，网络恢复后请再次提交';
export const DRAFT_NOT_KEPT = '浏览器不允许保存草稿，离开页面前请先提交';
export const NO_DESIGN = (formId: number) => `表单ID(${formId}):暂无表单设计`;
