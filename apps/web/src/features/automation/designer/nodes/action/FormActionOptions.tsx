import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Select, Space, Spin } from 'antd';
import { FORM_EVENT_TEXT, type FilterItem, type FlowField, type FormTaskConf, type SubTableConf } from '@park/core';
import { ColumnsEditor } from '../../forms/ColumnsEditor.tsx';
import { FilterDialog } from '../../forms/FilterDialog.tsx';
import { SelectFormDialog } from '../../forms/SelectFormDialog.tsx';
import { useFormFields } from '../../useFormFields.ts';

type FormConf = NonNullable<FormTaskConf['formConf']>;
const OPERATES = [
  { value: '', label: '不操作' },
  { value: 'insert', label: '新增' },
  { value: 'update', label: '修改' },
  { value: 'delete', label: '删除' },
];

/** Spec 001 §3.3: a form action's options: the form, its filter, its columns and its sub-tables. */
export function FormActionOptions({ conf, onChange, triggerFormId, variables }: {
  conf: FormTaskConf;
  onChange: (conf: FormTaskConf) => void;
  triggerFormId: string | null;
  variables: readonly FlowField[];
}) {
  const form: FormConf = conf.formConf ?? {};
  const { fields, loading } = useFormFields(form.formId ?? null);
  const [choosing, setChoosing] = useState(false);
  const [filtering, setFiltering] = useState<{ title: string; fields: FlowField[]; value: FilterItem[] | undefined; apply: (f: FilterItem[]) => void } | null>(null);
  const setForm = (next: FormConf) => onChange({ ...conf, formConf: next });
  const action = conf.action || 'insert';
  const setSub = (key: string, next: Partial<SubTableConf>) => {
    const subs = form.subTable ?? [];
    const at = subs.findIndex((s) => s.key === key);
    const merged = { ...(at >= 0 ? subs[at] : { key }), ...next } as SubTableConf;
    setForm({ ...form, subTable: at >= 0 ? subs.map((s, i) => (i === at ? merged : s)) : [...subs, merged] });
  };

  return (
    <div className="automation-form-action" data-testid="form-action-options">
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="动作">{FORM_EVENT_TEXT[action]}数据</Descriptions.Item>
        <Descriptions.Item label="目标表单">
          <Space>
            <span data-testid="target-form">{form.formName || '未选择'}</span>
            <Button size="small" onClick={() => setChoosing(true)}>
              选择表单
            </Button>
          </Space>
        </Descriptions.Item>
        {action !== 'insert' && (
          <Descriptions.Item label="主表单条件">
            <Space>
              <span>{(form.filter ?? []).length > 0 ? `已设置 ${(form.filter ?? []).length} 个条件` : '未设置'}</span>
              <Button size="small" disabled={!fields} onClick={() => fields && setFiltering({ title: '主表单条件', fields: fields.main, value: form.filter, apply: (f) => setForm({ ...form, filter: f }) })}>
                设置条件
              </Button>
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      {loading && <Spin style={{ display: 'block', margin: 16 }} />}
      {fields && action !== 'delete' && (
        <Card size="small" title="主表单字段" style={{ marginTop: 12 }}>
          <ColumnsEditor fields={fields.main} variables={variables} columns={form.columns ?? []} calculation={action === 'update'} onChange={(columns) => setForm({ ...form, columns })} />
        </Card>
      )}
      {fields?.subTables.map((sub) => {
        const s = (form.subTable ?? []).find((x) => x.key === sub.key);
        const operate = s?.operate ?? '';
        const picksRows = action !== 'insert' && operate !== 'insert' && operate !== '';
        return (
          <Card key={sub.key} size="small" title={`子表单：${sub.name}`} style={{ marginTop: 12 }} data-testid={`sub-${sub.key}`}>
            <Space style={{ marginBottom: 8 }} wrap>
              <span>操作</span>
              <Select
                aria-label={`${sub.name}操作`}
                style={{ width: 110 }}
                value={operate}
                options={action === 'insert' ? OPERATES.filter((o) => o.value === '' || o.value === 'insert') : OPERATES}
                onChange={(v: string) => setSub(sub.key, { operate: v as SubTableConf['operate'], filter: [], columns: [] })}
              />
              {picksRows && (
                <>
                  <span>{(s?.filter ?? []).length > 0 ? `已设置 ${(s?.filter ?? []).length} 个条件` : '未设置条件'}</span>
                  <Button size="small" onClick={() => setFiltering({ title: `子表单条件：${sub.name}`, fields: sub.fields, value: s?.filter, apply: (f) => setSub(sub.key, { filter: f }) })}>
                    设置条件
                  </Button>
                </>
              )}
            </Space>
            {operate !== '' && operate !== 'delete' && (
              <ColumnsEditor fields={sub.fields} variables={variables} columns={s?.columns ?? []} calculation={operate === 'update'} onChange={(columns) => setSub(sub.key, { columns })} />
            )}
          </Card>
        );
      })}
      {form.formId && !loading && !fields && <Alert type="error" showIcon title="你选择表单有问题，请重新选择" style={{ marginTop: 12 }} />}
      {choosing && (
        <SelectFormDialog
          triggerFormId={triggerFormId}
          selectedId={form.formId ?? null}
          onClose={() => setChoosing(false)}
          onPick={(f) => {
            setChoosing(false);
            // Another form: its filter, columns and sub-tables no longer apply.
            if (String(f.formId) !== String(form.formId ?? '')) {
              setForm({ formId: f.formId, formName: f.formName, ...(action !== 'insert' ? { filter: [] } : {}), ...(action !== 'delete' ? { columns: [] } : {}), subTable: [] });
            }
          }}
        />
      )}
      {filtering && (
        <FilterDialog
          title={filtering.title}
          fields={filtering.fields}
          variables={variables}
          value={filtering.value}
          onClose={() => setFiltering(null)}
          onOk={(items) => {
            filtering.apply(items);
            setFiltering(null);
          }}
        />
      )}
    </div>
  );
}
