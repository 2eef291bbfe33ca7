import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { APPROVAL_NODES, type ConditionConf, type FieldCond } from '@park/core';
import { NodeDrawer, type CanvasNodeKind, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';

const NUMBER_TYPES = new Set(['number', 'input_number', 'input_int', 'input_long']);
/** Spec 001 §3.6: numbers compare, other fields equal or contain. */
const NUMBER_OPS = [
  { value: '$gt', label: '大于' },
  { value: '$gte', label: '大于等于' },
  { value: '$eq', label: '等于' },
  { value: '$lte', label: '小于等于' },
  { value: '$lt', label: '小于' },
];
const TEXT_OPS = [
  { value: '$eq', label: '等于' },
  { value: '$like', label: '包含' },
];

const condsOf = (node: { conf?: unknown }): FieldCond[] => ((node.conf ?? {}) as ConditionConf).condition?.fieldConds?.conditions?.[0]?.conds ?? [];

function ConditionDrawer({ node, context, onSave, onClose }: NodeDrawerProps<ApprovalDesignContext>) {
  const [name, setName] = useState(node.nodeName);
  const [rows, setRows] = useState<FieldCond[]>(condsOf(node));
  const fieldOf = (model?: string) => context.fields.find((f) => f.model === model);
  const update = (i: number, patch: Partial<FieldCond>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const save = () => {
    const conf: ConditionConf = { condition: { fieldConds: { condType: 'and', conditions: rows.length > 0 ? [{ condType: 'and', conds: rows }] : [] }, fieldUpdateConds: [] } };
    onSave({ ...node, nodeName: name, conf });
  };
  return (
    <NodeDrawer title="条件设置" width={650} onClose={onClose} testId="condition-drawer" footer={<Button type="primary" onClick={save}>保存</Button>}>
      <Form layout="vertical">
        <Form.Item label="条件名称">
          <Input aria-label="条件名称" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="同时满足以下条件（不设条件则为其他情况）">
          <Space direction="vertical" style={{ width: '100%' }}>
            {rows.map((row, i) => {
              const f = fieldOf(row.model);
              const ops = f && NUMBER_TYPES.has(f.type) ? NUMBER_OPS : TEXT_OPS;
              return (
                <Space key={i} wrap>
                  <Select
                    aria-label={`条件${i + 1}字段`}
                    style={{ width: 180 }}
                    placeholder="选择字段"
                    value={row.model}
                    options={context.fields.map((x) => ({ value: x.model, label: x.name }))}
                    onChange={(model: string) => {
                      const fx = fieldOf(model);
                      const num = fx && NUMBER_TYPES.has(fx.type);
                      update(i, { model, type: fx?.type, dataType: num ? 'Number' : 'String', matchType: undefined, value: undefined });
                    }}
                  />
                  <Select aria-label={`条件${i + 1}比较`} style={{ width: 120 }} placeholder="比较" value={row.matchType} options={ops} onChange={(matchType: string) => update(i, { matchType })} />
                  <Input aria-label={`条件${i + 1}值`} style={{ width: 160 }} placeholder="值" value={row.value === undefined ? '' : String(row.value)} onChange={(e) => update(i, { value: e.target.value })} />
                  <Button aria-label="删除条件" icon={<DeleteOutlined />} onClick={() => setRows((r) => r.filter((_x, j) => j !== i))} />
                </Space>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => setRows((r) => [...r, { condType: 'and' } as FieldCond])}>
              添加条件
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </NodeDrawer>
  );
}

/** 条件N: one branch of a route on the record's fields. */
export const conditionKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[3],
  color: '#15bc83',
  summary: (node) => (condsOf(node).length > 0 ? '已设置条件' : '其他情况'),
  Drawer: ConditionDrawer,
};
