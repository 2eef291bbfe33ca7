import { useState } from 'react';
import { App, Button, Empty, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkFilter, needsValue, type FilterItem, type FlowField } from '@park/core';
import { FieldSelect, MatchTypeSelect } from '../../../flowConditions/index.ts';
import { DIALOG_WIDTH } from './SelectFormDialog.tsx';

type Cond = FilterItem['conds'][number];
const COND_TYPES = [
  { value: 0, label: '单条件' },
  { value: 1, label: '或' },
  { value: 2, label: '且' },
];
const VALUE_TYPES = [
  { value: 0, label: '自定义' },
  { value: 1, label: '变量' },
];
let seq = 0;
const newKey = () => `f${Date.now().toString(36)}${(++seq).toString(36)}`;

/**
 * 过滤条件设置 (spec 001 §2.7, §3.5, §5.3): which records of the target form (or sub-table) the
 * action touches. Each item is a field with one or more match rows joined by 或/且; a value is
 * custom or a variable from the trigger record. Closes only when every row is complete.
 */
export function FilterDialog({ title, fields, variables, value, onOk, onClose }: {
  title: string;
  fields: readonly FlowField[];
  variables: readonly FlowField[];
  value: FilterItem[] | undefined;
  onOk: (items: FilterItem[]) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [items, setItems] = useState<FilterItem[]>(() => structuredClone(value ?? []));
  const comparable = fields.filter((f) => f.comparable);
  const setItem = (i: number, next: FilterItem) => setItems(items.map((it, j) => (j === i ? next : it)));
  const setCond = (i: number, c: number, next: Cond) => setItem(i, { ...items[i]!, conds: items[i]!.conds.map((x, j) => (j === c ? next : x)) });

  const ok = () => {
    const problem = checkFilter(items);
    if (problem) {
      message.warning(problem);
      return;
    }
    onOk(items);
  };

  return (
    <Modal open title={title} width={DIALOG_WIDTH} onCancel={onClose} onOk={ok} okText="确定" cancelText="取消" destroyOnHidden>
      <div className="automation-filter" data-testid="filter-dialog">
        {items.length === 0 && <Empty description="暂无条件" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {items.map((item, i) => {
          const field = fields.find((f) => f.model === item.model);
          return (
            <div className="automation-filter-item" key={item.key ?? i} data-testid="filter-item">
              <Space wrap align="start">
                <FieldSelect
                  fields={comparable}
                  value={item.model}
                  onChange={(f) => setItem(i, { ...item, model: f.model, conds: [{ matchType: '', value: '', valueType: 0 }] })}
                />
                <Select aria-label="条件关系" style={{ width: 100 }} value={Number(item.condType ?? 0)} options={COND_TYPES} onChange={(v: number) => setItem(i, { ...item, condType: v })} />
                <div>
                  {item.conds.map((c, ci) => (
                    <Space key={ci} className="automation-filter-cond">
                      <MatchTypeSelect dataType={field?.dataType} value={c.matchType} onChange={(m) => setCond(i, ci, { ...c, matchType: m, value: needsValue(m) ? c.value : '' })} />
                      <Select aria-label="值类型" style={{ width: 90 }} value={Number(c.valueType ?? 0)} options={VALUE_TYPES} onChange={(v: number) => setCond(i, ci, { ...c, valueType: v, value: '' })} />
                      {Number(c.valueType ?? 0) === 1 ? (
                        <Select
                          aria-label="变量"
                          placeholder="触发表单字段"
                          style={{ width: 160 }}
                          disabled={!needsValue(c.matchType)}
                          value={(c.value as string) || undefined}
                          options={variables.map((f) => ({ value: `\${${f.model}}`, label: f.name }))}
                          onChange={(v: string) => setCond(i, ci, { ...c, value: v })}
                        />
                      ) : (
                        <Input aria-label="值" placeholder="请输入值" style={{ width: 160 }} disabled={!needsValue(c.matchType)} value={String(c.value ?? '')} onChange={(e) => setCond(i, ci, { ...c, value: e.target.value })} />
                      )}
                      {item.conds.length > 1 && (
                        <Button type="text" aria-label="删除匹配" icon={<DeleteOutlined />} onClick={() => setItem(i, { ...item, conds: item.conds.filter((_, j) => j !== ci) })} />
                      )}
                    </Space>
                  ))}
                  {Number(item.condType ?? 0) !== 0 && (
                    <Button type="link" size="small" onClick={() => setItem(i, { ...item, conds: [...item.conds, { matchType: '', value: '', valueType: 0 }] })}>
                      添加匹配
                    </Button>
                  )}
                </div>
                <Button danger type="text" aria-label="删除条件" icon={<DeleteOutlined />} onClick={() => setItems(items.filter((_, j) => j !== i))} />
              </Space>
            </div>
          );
        })}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setItems([...items, { key: newKey(), model: '', condType: 0, conds: [{ matchType: '', value: '', valueType: 0 }] }])}>
          添加条件
        </Button>
      </div>
    </Modal>
  );
}
