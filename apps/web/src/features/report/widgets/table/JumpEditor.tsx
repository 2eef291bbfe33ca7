import { Form, Input, InputNumber, Select } from 'antd';
import { BASE_PATH, type AxisItem, type Json } from '@park/core';

/**
 * A table column's jump (spec 000 §3 Jump info, as list pages save it): to a form record, to
 * another report with this row's value as its condition, to a link, or a call of an API (urlType 3,
 * its reply read through respParamSet). Stored as jumpInfo, run by core planJump like the list
 * pages' jump columns, which also gives the §5 messages of an incomplete one.
 */
export type JumpTarget = 'none' | 'record' | 'report' | 'url' | 'api';

const TARGETS = [
  { value: 'none', label: '不跳转' },
  { value: 'record', label: '表单记录' },
  { value: 'report', label: '其他报表' },
  { value: 'url', label: '外部链接' },
  { value: 'api', label: 'API接口' },
];
const METHODS = [
  { value: 'GET', label: 'GET' },
  { value: 'POST', label: 'POST' },
];
const OPEN = [
  { value: '1', label: '当前窗口' },
  { value: '2', label: '新窗口' },
  { value: '0', label: '弹窗' },
];

export function jumpTargetOf(item: AxisItem): JumpTarget {
  const j = (item.jumpInfo ?? {}) as Json;
  return item.isJump ? ((j.target as JumpTarget | undefined) ?? (String(j.urlType) === '3' ? 'api' : 'url')) : 'none';
}

interface JumpValues {
  formId?: number | null;
  reportId?: number | null;
  url?: string;
  urlType?: string;
  idKey: string;
  paramKey: string;
  paramName: string;
  title: string;
  method?: string;
  errCode?: string;
  errMsg?: string;
}

/** jumpInfo for each target: the address carries `{param}` placeholders that planJump fills from the row. */
export function jumpInfoFor(target: JumpTarget, v: JumpValues): Json | null {
  const base = { target, type: '0', urlType: v.urlType ?? '1', dialogTitle: v.title, dialogWidth: '80%' };
  switch (target) {
    case 'record':
      return { ...base, formId: v.formId ?? '', url: v.formId ? `${BASE_PATH}/form/detail/${v.formId}/{id}` : '', params: [{ model: v.idKey, paramName: 'id', type: 0 }] };
    case 'report':
      return { ...base, reportId: v.reportId ?? '', url: v.reportId ? `${BASE_PATH}/report/view/${v.reportId}` : '', params: [{ model: v.paramKey, paramName: v.paramName || v.paramKey, type: 0 }] };
    case 'url':
      return { ...base, url: v.url ?? '', params: v.paramKey ? [{ model: v.paramKey, paramName: v.paramName || v.paramKey, type: 0 }] : [] };
    case 'api':
      return {
        ...base,
        urlType: '3',
        url: v.url ?? '',
        requestMethod: v.method === 'POST' ? 'POST' : 'GET',
        params: v.paramKey ? [{ model: v.paramKey, paramName: v.paramName || v.paramKey, type: 0 }] : [],
        respParamSet: { errCode: v.errCode ?? '', errMsg: v.errMsg ?? '' },
      };
    default:
      return null;
  }
}

export function JumpEditor({ item, keys, onPatch }: { item: AxisItem; keys: string[]; onPatch(p: Partial<AxisItem>): void }) {
  const target = jumpTargetOf(item);
  const j = (item.jumpInfo ?? {}) as Json;
  const params = (Array.isArray(j.params) ? j.params : []) as Json[];
  const resp = (j.respParamSet ?? {}) as Json;
  const current: JumpValues = {
    formId: Number(j.formId) || null,
    reportId: Number(j.reportId) || null,
    url: typeof j.url === 'string' && (target === 'url' || target === 'api') ? j.url : '',
    urlType: String(j.urlType ?? '1'),
    idKey: String(params[0]?.model ?? 'id'),
    paramKey: String(params[0]?.model ?? item.column),
    paramName: String(params[0]?.paramName ?? item.column),
    title: String(j.dialogTitle ?? ''),
    method: String(j.requestMethod ?? 'GET'),
    errCode: String(resp.errCode ?? ''),
    errMsg: String(resp.errMsg ?? ''),
  };
  const set = (t: JumpTarget, patch: Partial<typeof current>) => {
    const info = jumpInfoFor(t, { ...current, ...patch });
    onPatch({ isJump: info !== null, jumpInfo: info ?? undefined });
  };
  const keyOptions = keys.map((k) => ({ value: k, label: k }));
  return (
    <div className="rw-jump">
      <Form.Item label="跳转" style={{ marginBottom: 6 }}>
        <Select aria-label="跳转" size="small" value={target} options={TARGETS} onChange={(t: JumpTarget) => set(t, {})} />
      </Form.Item>
      {target !== 'none' && target !== 'api' && (
        <Form.Item label="打开方式" style={{ marginBottom: 6 }}>
          <Select aria-label="打开方式" size="small" value={current.urlType} options={OPEN} onChange={(urlType: string) => set(target, { urlType })} />
        </Form.Item>
      )}
      {target === 'record' && (
        <>
          <Form.Item label="表单ID" style={{ marginBottom: 6 }}>
            <InputNumber aria-label="表单ID" size="small" min={1} value={current.formId} onChange={(formId) => set(target, { formId: formId ?? null })} />
          </Form.Item>
          <Form.Item label="记录ID列" style={{ marginBottom: 6 }}>
            <Select aria-label="记录ID列" size="small" value={current.idKey} options={keyOptions} onChange={(idKey: string) => set(target, { idKey })} />
          </Form.Item>
        </>
      )}
      {target === 'report' && (
        <>
          <Form.Item label="报表ID" style={{ marginBottom: 6 }}>
            <InputNumber aria-label="报表ID" size="small" min={1} value={current.reportId} onChange={(reportId) => set(target, { reportId: reportId ?? null })} />
          </Form.Item>
          <Form.Item label="传递列" style={{ marginBottom: 6 }}>
            <Select aria-label="传递列" size="small" value={current.paramKey} options={keyOptions} onChange={(paramKey: string) => set(target, { paramKey, paramName: paramKey })} />
          </Form.Item>
        </>
      )}
      {target === 'url' && (
        <Form.Item label="链接地址" style={{ marginBottom: 6 }}>
          <Input aria-label="链接地址" size="small" defaultValue={current.url} placeholder="https://… 或 /closed-park-web/…，{列名} 取本行的值" onBlur={(e) => set(target, { url: e.target.value.trim() })} />
        </Form.Item>
      )}
      {target === 'api' && (
        <>
          <Form.Item label="接口地址" style={{ marginBottom: 6 }}>
            <Input aria-label="接口地址" size="small" defaultValue={current.url} placeholder="/api/… 或 https://…" onBlur={(e) => set(target, { url: e.target.value.trim() })} />
          </Form.Item>
          <Form.Item label="请求方式" style={{ marginBottom: 6 }}>
            <Select aria-label="请求方式" size="small" value={current.method === 'POST' ? 'POST' : 'GET'} options={METHODS} onChange={(method: string) => set(target, { method })} />
          </Form.Item>
          <Form.Item label="传递列" style={{ marginBottom: 6 }}>
            <Select aria-label="传递列" size="small" value={current.paramKey} options={keyOptions} onChange={(paramKey: string) => set(target, { paramKey, paramName: paramKey })} />
          </Form.Item>
          <Form.Item label="返回码字段" style={{ marginBottom: 6 }}>
            <Input aria-label="返回码字段" size="small" defaultValue={current.errCode} placeholder="errCode" onBlur={(e) => set(target, { errCode: e.target.value.trim() })} />
          </Form.Item>
          <Form.Item label="返回信息字段" style={{ marginBottom: 6 }}>
            <Input aria-label="返回信息字段" size="small" defaultValue={current.errMsg} placeholder="errMsg" onBlur={(e) => set(target, { errMsg: e.target.value.trim() })} />
          </Form.Item>
        </>
      )}
    </div>
  );
}
