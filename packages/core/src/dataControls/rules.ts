/*
 * 高级控件数据源 (screens-round3 §5.4, issue 40): a remote list a picker control can use. The dialog
 * and the server share these rules and messages.
 */

export const DATA_CONTROL_TYPES = { '0': '自定义高级控件', '1': '非自定义高级控件' } as const;
export type DataControlType = keyof typeof DATA_CONTROL_TYPES;

export interface DataControlColumn {
  model: string;
  name: string;
}

export interface DataControlInput {
  title: string;
  type: string;
  valueKey: string;
  valueDesc: string;
  labelKey: string;
  labelDesc: string;
  url: string;
  columns: DataControlColumn[];
}

export const DATA_CONTROL_TEXT = {
  title: '请输入模块标题',
  type: '请选择类型',
  valueKey: '请输入value属性字段',
  valueDesc: '请输入value属性字段含义',
  labelKey: '请输入label属性字段',
  labelDesc: '请输入Label属性字段含义',
  url: '请输入数据请求地址',
  urlInvalid: '数据请求地址须为完整的 http(s) 地址',
  fieldInvalid: '字段名只能包含字母、数字、下划线和点',
  columnInvalid: '请填写映射的字段名称和字段描述',
  saved: '操作成功',
  chooseFirst: '请选择要删除的记录',
  deleteConfirm: '确认删除该记录吗?',
  deleted: '删除成功',
  fetchFailed: '高级控件数据源请求失败',
} as const;

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;
export const isDataFieldName = (v: string) => FIELD.test(v);
export const isDataControlUrl = (v: string) => /^https?:\/\/[A-Za-z0-9.\-[\]:]+(\/[^\s]*)?$/i.test(v) && v.length <= 500;

/** The first problem of the dialog's values, as [field, message], or null. */
export function dataControlProblem(v: Partial<DataControlInput>): [keyof DataControlInput, string] | null {
  const blank = (s: unknown) => typeof s !== 'string' || s.trim() === '';
  for (const k of ['title', 'type', 'valueKey', 'valueDesc', 'labelKey', 'labelDesc', 'url'] as const) {
    if (blank(v[k])) return [k, DATA_CONTROL_TEXT[k]];
  }
  if (!Object.hasOwn(DATA_CONTROL_TYPES, v.type!)) return ['type', DATA_CONTROL_TEXT.type];
  if (!isDataFieldName(v.valueKey!.trim())) return ['valueKey', DATA_CONTROL_TEXT.fieldInvalid];
  if (!isDataFieldName(v.labelKey!.trim())) return ['labelKey', DATA_CONTROL_TEXT.fieldInvalid];
  if (!isDataControlUrl(v.url!.trim())) return ['url', DATA_CONTROL_TEXT.urlInvalid];
  for (const c of v.columns ?? []) {
    if (blank(c.model) || blank(c.name)) return ['columns', DATA_CONTROL_TEXT.columnInvalid];
    if (!isDataFieldName(c.model.trim())) return ['columns', DATA_CONTROL_TEXT.fieldInvalid];
  }
  return null;
}

/** The path a picker's remoteUrl takes to read a data source through the server (cached, allow-listed). */
export const dataControlFetchPath = (id: number | string) => `/api/dataControls/queryDataControlData/${id}`;
