import { useState } from 'react';
import { Button, Empty, Input, Select, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { CALCULATIONS, needsNumberValue, type ColumnConf, type FlowField } from '@park/core';
import { CALCULATION_TEXT } from '../nodes/action/actionText.ts';
import { VariableMenu } from '../widgets/VariableMenu.tsx';
import { ControlsDialog } from './ControlsDialog.tsx';

const VALUE_MODES = [
  { value: '0', label: '固定值' },
  { value: '1', label: '变量/公式' },
];
let seq = 0;

/**
 * 字段设置 (spec 001 §3.3): which fields of the target the action writes, each a fixed value or a
 * variable/formula over the trigger record (${model}); on update, the calculation applied to the
 * target's current value (加 减 乘 除 等于).
 */
export function ColumnsEditor({ fields, variables, columns, onChange, calculation }: {
  fields: readonly FlowField[];
  variables: readonly FlowField[];
  columns: ColumnConf[];
  onChange: (columns: ColumnConf[]) => void;
  calculation: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const set = (i: number, next: ColumnConf) => onChange(columns.map((c, j) => (j === i ? next : c)));
  const pick = (models: string[]) => {
    const kept = columns.filter((c) => models.includes(c.model));
    const added = models
      .filter((m) => !kept.some((c) => c.model === m))
      .map((m): ColumnConf => {
        const f = fields.find((x) => x.model === m)!;
        return { key: `c${Date.now().toString(36)}${(++seq).toString(36)}`, model: m, name: f.name, cType: f.type, type: '0', value: '', ...(calculation ? { formula: '' as const } : {}) };
      });
    onChange([...kept, ...added]);
    setPicking(false);
  };
  return (
    <div className="automation-columns" data-testid="columns-editor">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setPicking(true)}>
          选择字段
        </Button>
        <span className="automation-muted">已选择 {columns.length} 个字段</span>
      </Space>
      {columns.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择字段" />
      ) : (
        <Table<ColumnConf>
          size="small"
          pagination={false}
          rowKey={(c) => c.key ?? c.model}
          dataSource={columns}
          columns={[
            {
              title: '字段',
              dataIndex: 'model',
              width: 120,
              render: (m: string, c) => (
                <span>
                  {c.name ?? fields.find((f) => f.model === m)?.name ?? m}
                  {needsNumberValue(c.cType) && <span className="automation-required">*</span>}
                </span>
              ),
            },
            ...(calculation
              ? [
                  {
                    title: '计算方式',
                    key: 'formula',
                    width: 100,
                    render: (_: unknown, c: ColumnConf, i: number) => (
                      <Select
                        aria-label="计算方式"
                        placeholder="请选择"
                        style={{ width: 90 }}
                        value={c.formula || undefined}
                        options={CALCULATIONS.map((k) => ({ value: k, label: CALCULATION_TEXT[k] }))}
                        onChange={(v) => set(i, { ...c, formula: v })}
                      />
                    ),
                  },
                ]
              : []),
            {
              title: '值',
              key: 'value',
              render: (_: unknown, c, i) => (
                <Space.Compact style={{ width: '100%' }}>
                  <Select aria-label="值方式" style={{ width: 110 }} value={String(c.type ?? '0')} options={VALUE_MODES} onChange={(v: string) => set(i, { ...c, type: v, value: '' })} />
                  <Input aria-label={`${c.name ?? c.model}的值`} placeholder={String(c.type) === '1' ? '如 ${load_ton}*2' : '请输入值'} value={String(c.value ?? '')} onChange={(e) => set(i, { ...c, value: e.target.value })} />
                </Space.Compact>
              ),
            },
            {
              title: '',
              key: 'ops',
              width: 120,
              render: (_: unknown, c, i) => (
                <Space size={2}>
                  {String(c.type) === '1' && <VariableMenu fields={variables} label="变量" onPick={(v) => set(i, { ...c, value: `${String(c.value ?? '')}${v}` })} />}
                  <Button type="text" danger aria-label="删除字段" icon={<DeleteOutlined />} onClick={() => onChange(columns.filter((_, j) => j !== i))} />
                </Space>
              ),
            },
          ]}
        />
      )}
      {picking && <ControlsDialog fields={fields} checked={columns.map((c) => c.model)} onOk={pick} onClose={() => setPicking(false)} />}
    </div>
  );
}
