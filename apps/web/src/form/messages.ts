/** The form runtime's own texts (spec 000 §5, §8; DESIGN §6): originals where the spec gives them. */
export const CONFIRM_SAVE = '确认保存吗？';
export const CONFIRM_ADD = '确认新增数据吗？';
export const CONFIRM_MODIFY = '确认修改数据吗？';
export const CONFIRM_DELETE = '确认删除该记录吗？';
export const SAVED = '保存成功';
export const ADDED = '新增成功';
export const MODIFIED = '修改成功';
export const DELETED = '删除成功';
/** A sub-table row taken before its parent is saved: nothing is written yet (保存 or 提交 sends it). */
export const DRAFT_ADDED = '已添加，随表单一起保存';
export const DRAFT_MODIFIED = '已修改，随表单一起保存';
/** Original (spec 000 §8 "please fill in and submit the parent form first"). */
export const PARENT_FIRST = '请先填写父表单数据并提交';
export const SUB_NO_CONTROLS = '该子表单未添加任何控件';
export const SELECT_TO_EDIT = '请选择要编辑的数据';
export const SELECT_TO_DELETE = '请选择要删除的数据';
export const PARENT_LOCKED = '主表数据已保存，请继续填写子表数据';
