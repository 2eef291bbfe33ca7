import { useMemo, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import {
  checkJumpInfo,
  normalizeJumpInfo,
  URL_TYPE_LABEL,
  type ColumnChoice,
  type JumpInfo,
  type ParamSetting,
} from '@park/core';
import { RowList } from './RowList.tsx';

/**
 * One custom jump (spec 000 §3 "Jump info"): where it opens (urlType 0 dialog, 1 same window,
 * 2 new window, 3 API call), what it opens (a link, or a form of the platform on its full add
 * page), the parameters taken from the row, the dialog's title, width and fullscreen, and for an
 * API call its method and the names of the reply's code and message fields.
 */
export function JumpEditor({
  title,
  value,
  choices,
  onOk,
  onCancel,
}: {
  title: string;
  value: JumpInfo | undefined;
  choices: readonly ColumnChoice[];
  onOk: (next: JumpInfo) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<JumpInfo>(() => normalizeJumpInfo(value));
  // Re-normalised on every change: switching urlType adds or drops the parts that type uses.
  const set = (patch: Partial<JumpInfo>) => setDraft((d) => normalizeJumpInfo({ ...d, ...patch }));
  const problems = useMemo(() => checkJumpInfo(draft, choices, '跳转'), [draft, choices]);
  const urlType = Number(draft.urlType ?? 0);
  const isApi = urlType === 3;
  const toForm = !isApi && Number(draft.type ?? 0) === 1;
  const params = (draft.params ?? []) as ParamSetting[];
  const resp = draft.respParamSet ?? {};
  const fieldOptions = choices.map((c) => ({ value: c.key, label: `${c.label}（${c.key}）` }));

  return (
    <Modal open title={title} width={720} okText="确定" cancelText="取消" onOk={() => onOk(draft)} onCancel={onCancel} destroyOnHidden>
      <Form layout="vertical" className="ls-jump" component="div">
        <Form.Item label="打开方式">
          <Radio.Group
            value={urlType}
            onChange={(e) => set({ urlType: e.target.value as number })}
            options={([0, 1, 2, 3] as const).map((v) => ({ value: v, label: URL_TYPE_LABEL[v] }))}
          />
        </Form.Item>
        {!isApi && (
          <Form.Item label="跳转目标">
            <Radio.Group
              value={toForm ? 1 : 0}
              onChange={(e) => set({ type: e.target.value as number })}
              options={[
                { value: 0, label: '链接地址' },
                { value: 1, label: '本平台表单（新增页）' },
              ]}
            />
          </Form.Item>
        )}
        {toForm ? (
          <Form.Item label="表单ID">
            <InputNumber
              aria-label="表单ID"
              min={1}
              precision={0}
              style={{ width: 200 }}
              value={draft.formId ? Number(draft.formId) : null}
              onChange={(v) => set({ formId: v ? String(v) : undefined })}
            />
          </Form.Item>
        ) : (
          <Form.Item label={isApi ? '接口地址' : '链接地址'} extra="本系统路径以 / 开头，外部地址以 http(s):// 开头；{参数名} 会替换为参数值">
            <Input aria-label={isApi ? '接口地址' : '链接地址'} value={String(draft.url ?? '')} onChange={(e) => set({ url: e.target.value })} maxLength={500} />
          </Form.Item>
        )}
        {urlType === 0 && (
          <div className="ls-grid">
            <Form.Item label="弹窗标题">
              <Input aria-label="弹窗标题" value={String(draft.dialogTitle ?? '')} onChange={(e) => set({ dialogTitle: e.target.value })} maxLength={50} />
            </Form.Item>
            <Form.Item label="弹窗宽度" extra="如 60%、800px；不填为 60%">
              <Input aria-label="弹窗宽度" value={String(draft.dialogWidth ?? '')} onChange={(e) => set({ dialogWidth: e.target.value })} maxLength={10} />
            </Form.Item>
            <Form.Item label="全屏">
              <Switch aria-label="全屏" checked={draft.dialogFullscreen === true} onChange={(v) => set({ dialogFullscreen: v })} />
            </Form.Item>
          </div>
        )}
        {isApi && (
          <div className="ls-grid">
            <Form.Item label="请求方式">
              <Radio.Group
                value={draft.requestMethod ?? 'GET'}
                onChange={(e) => set({ requestMethod: e.target.value as string })}
                options={[
                  { value: 'GET', label: 'GET' },
                  { value: 'POST', label: 'POST' },
                ]}
              />
            </Form.Item>
            <Form.Item label="返回码字段" extra="值为空或 0 表示成功">
              <Input aria-label="返回码字段" value={String(resp.errCode ?? '')} onChange={(e) => set({ respParamSet: { ...resp, errCode: e.target.value } })} />
            </Form.Item>
            <Form.Item label="返回信息字段">
              <Input aria-label="返回信息字段" value={String(resp.errMsg ?? '')} onChange={(e) => set({ respParamSet: { ...resp, errMsg: e.target.value } })} />
            </Form.Item>
          </div>
        )}
        <Form.Item label="参数">
          <RowList<ParamSetting>
            items={params}
            onChange={(next) => set({ params: next })}
            onAdd={() => set({ params: [...params, { model: '', paramName: '', type: 0 }] })}
            addLabel="添加参数"
            empty="不带参数"
            rowLabel={(p, i) => `参数 ${p.paramName || i + 1}`}
            renderRow={(p, i, setParam) => (
              <>
                <Input aria-label={`参数名 ${i + 1}`} placeholder="参数名" style={{ width: 140 }} value={p.paramName} onChange={(e) => setParam({ ...p, paramName: e.target.value })} />
                <Select
                  aria-label={`参数来源 ${i + 1}`}
                  style={{ width: 110 }}
                  value={p.type}
                  onChange={(v) => setParam(v === 1 ? { ...p, type: 1, value: p.value ?? '' } : { model: p.model, paramName: p.paramName, type: 0 })}
                  options={[
                    { value: 0, label: '行字段' },
                    { value: 1, label: '固定值' },
                  ]}
                />
                {p.type === 1 ? (
                  <Input aria-label={`参数值 ${i + 1}`} placeholder="固定值" style={{ width: 200 }} value={p.value ?? ''} onChange={(e) => setParam({ ...p, value: e.target.value })} />
                ) : (
                  <Select
                    aria-label={`参数字段 ${i + 1}`}
                    placeholder="选择字段"
                    style={{ width: 200 }}
                    showSearch={{ optionFilterProp: 'label' }}
                    value={p.model || undefined}
                    onChange={(v: string) => setParam({ ...p, model: v, paramName: p.paramName || v })}
                    options={fieldOptions}
                  />
                )}
              </>
            )}
          />
        </Form.Item>
        {problems.length > 0 && (
          <Alert type="warning" showIcon title="跳转配置尚不完整" description={<ul className="ls-problem-list">{problems.map((p) => <li key={p.path + p.message}>{p.message}</li>)}</ul>} />
        )}
      </Form>
    </Modal>
  );
}
