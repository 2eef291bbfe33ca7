import { useState } from 'react';
import { App, Button, Empty, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkConditionConf, type FieldUpdateCond, type FlowField } from '@park/core';
import { FieldSelect } from '../../../../flowConditions/index.ts';
import { UPDATE_WAY_TEXT } from './conditionModel.ts';

/**
 * 数据字段更新条件 (spec 001 §2.6, §3.5, §5.5): the branch runs when a field changed in the way
 * given: any change, from one value to another, or to a value.
 */
export function FieldUpdateEditor({ value, fields, onOk, onClose }: { value: FieldUpdateCond[]; fields: readonly FlowField[]; onOk: (v: FieldUpdateCond[]) => void; onClose: () => void }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<FieldUpdateCond[]>(() => structuredClone(value));
  const set = (i: number, next: FieldUpdateCond) => setRows(rows.map((r, j) => (j === i ? next : r)));
  const ok = () => {
    const problem = checkConditionConf({ condition: { fieldUpdateConds: rows } });
    if (problem) return void message.warning(problem);
    onOk(rows);
  };
  return (
    <Modal open title="数据字段更新条件" width="60%" onCancel={onClose} onOk={ok} okText="保存" cancelText="取消" destroyOnHidden>
      <div data-testid="field-update-editor">
        {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无条件" />}
        {rows.map((r, i) => (
          <Space key={i} className="automation-cond-row" data-testid="update-row" wrap>
            <FieldSelect fields={fields} value={r.model} onChange={(f) => set(i, { model: f.model, updateWay: r.updateWay })} />
            <Select
              aria-label="变化方式"
              placeholder="请选择变化方式"
              style={{ width: 170 }}
              value={r.updateWay || undefined}
              options={Object.entries(UPDATE_WAY_TEXT).map(([v, label]) => ({ value: v, label }))}
              onChange={(updateWay: string) => set(i, { model: r.model, updateWay })}
            />
            {r.updateWay === '1' && (
              <>
                <Input aria-label="变化前的值" placeholder="变化前的值" style={{ width: 120 }} value={String(r.beforeValue ?? '')} onChange={(e) => set(i, { ...r, beforeValue: e.target.value })} />
                <Input aria-label="变化后的值" placeholder="变化后的值" style={{ width: 120 }} value={String(r.afterValue ?? '')} onChange={(e) => set(i, { ...r, afterValue: e.target.value })} />
              </>
            )}
            {r.updateWay === '2' && <Input aria-label="指定值" placeholder="指定值" style={{ width: 150 }} value={String(r.assignValue ?? '')} onChange={(e) => set(i, { ...r, assignValue: e.target.value })} />}
            <Button type="text" danger aria-label="删除字段" icon={<DeleteOutlined />} onClick={() => setRows(rows.filter((_, j) => j !== i))} />
          </Space>
        ))}
        <div>
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => setRows([...rows, { model: '', updateWay: '' }])} style={{ marginTop: 8 }}>
            添加字段
          </Button>
        </div>
      </div>
    </Modal>
  );
}
