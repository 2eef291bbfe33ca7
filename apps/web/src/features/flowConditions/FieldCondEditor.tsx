import { useState } from 'react';
import { App, Button, Card, Empty, Input, Modal, Radio, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkConditionConf, needsValue, type FieldCond, type FieldCondGroup, type FlowField } from '@park/core';
import { FieldSelect } from './FieldSelect.tsx';
import { MatchTypeSelect } from './MatchTypeSelect.tsx';
import './flowConditions.css';

type Relation = 'and' | 'or';
const RELATIONS = [
  { value: 'and', label: '且' },
  { value: 'or', label: '或' },
];
const emptyCond = (): FieldCond => ({ model: '', type: '', dataType: '', matchType: '', value: '' });

function CondRow({ cond, fields, onChange, onRemove }: { cond: FieldCond; fields: readonly FlowField[]; onChange: (c: FieldCond) => void; onRemove: () => void }) {
  const field = fields.find((f) => f.model === cond.model);
  return (
    <Space className="flow-cond-row" data-testid="cond-row">
      <FieldSelect
        fields={fields}
        value={cond.model}
        // §4: a new field resets the operator and the value.
        onChange={(f) => onChange({ model: f.model, type: f.type, dataType: f.dataType, matchType: '', value: '' })}
      />
      <MatchTypeSelect dataType={field?.dataType} value={cond.matchType} onChange={(m) => onChange({ ...cond, matchType: m, value: needsValue(m) ? cond.value : '' })} />
      {needsValue(String(cond.matchType ?? '')) && (
        <Input
          aria-label="值"
          placeholder={/Ago|After/.test(String(cond.matchType)) ? '请输入数量' : '请输入值'}
          style={{ width: 150 }}
          value={String(cond.value ?? '')}
          onChange={(e) => onChange({ ...cond, value: e.target.value })}
        />
      )}
      <Button type="text" danger aria-label="删除字段" icon={<DeleteOutlined />} onClick={onRemove} />
    </Space>
  );
}

/** A nested field group: its own relation and rows (spec 001 §2.5). */
function NestedGroup({ cond, fields, onChange, onRemove }: { cond: FieldCond; fields: readonly FlowField[]; onChange: (c: FieldCond) => void; onRemove: () => void }) {
  const rows = cond.groups ?? [];
  return (
    <div className="flow-nested-group" data-testid="nested-group">
      <Space style={{ marginBottom: 6 }}>
        <span>字段组</span>
        <Radio.Group size="small" optionType="button" options={RELATIONS} value={cond.condType ?? 'and'} onChange={(e) => onChange({ ...cond, condType: e.target.value as Relation })} />
        <Button type="link" size="small" onClick={() => onChange({ ...cond, groups: [...rows, emptyCond()] })}>
          添加字段
        </Button>
        <Button type="text" danger size="small" aria-label="删除字段组" icon={<DeleteOutlined />} onClick={onRemove} />
      </Space>
      {rows.map((r, i) => (
        <CondRow
          key={i}
          cond={r}
          fields={fields}
          onChange={(c) => onChange({ ...cond, groups: rows.map((x, j) => (j === i ? c : x)) })}
          onRemove={() => onChange({ ...cond, groups: rows.filter((_, j) => j !== i) })}
        />
      ))}
    </div>
  );
}

/**
 * 操作数据字段条件 (spec 001 §2.5, §3.5): condition groups joined by the group relation; in a
 * group, field rows and nested field groups joined by the group's own relation.
 */
export function FieldCondEditor({ value, fields, onOk, onClose }: {
  value: { condType?: string; conditions?: FieldCondGroup[] };
  fields: readonly FlowField[];
  onOk: (v: { condType: Relation; conditions: FieldCondGroup[] }) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [relation, setRelation] = useState<Relation>(value.condType === 'or' ? 'or' : 'and');
  const [groups, setGroups] = useState<FieldCondGroup[]>(() => structuredClone(value.conditions ?? []));
  const comparable = fields.filter((f) => f.comparable);
  const setGroup = (i: number, g: FieldCondGroup) => setGroups(groups.map((x, j) => (j === i ? g : x)));
  const ok = () => {
    const kept = groups.filter((g) => g.conds.length > 0);
    const problem = checkConditionConf({ condition: { fieldConds: { condType: relation, conditions: kept } } });
    if (problem) return void message.warning(problem);
    onOk({ condType: relation, conditions: kept });
  };
  return (
    <Modal open title="操作数据字段条件" width="60%" onCancel={onClose} onOk={ok} okText="确定" cancelText="取消" destroyOnHidden>
      <div data-testid="field-cond-editor">
        <Space style={{ marginBottom: 12 }}>
          <span>条件组关系</span>
          <Radio.Group optionType="button" options={RELATIONS} value={relation} onChange={(e) => setRelation(e.target.value as Relation)} />
        </Space>
        {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无条件，点击“添加条件”" />}
        {groups.map((g, i) => (
          <Card
            key={i}
            size="small"
            className="flow-cond-group"
            data-testid="cond-group"
            title={
              <Space>
                <span>条件组{i + 1}</span>
                <Radio.Group size="small" optionType="button" options={RELATIONS} value={g.condType ?? 'and'} onChange={(e) => setGroup(i, { ...g, condType: e.target.value as Relation })} />
              </Space>
            }
            extra={<Button type="text" danger size="small" aria-label="删除条件组" icon={<DeleteOutlined />} onClick={() => setGroups(groups.filter((_, j) => j !== i))} />}
          >
            {g.conds.map((c, ci) => {
              const set = (next: FieldCond) => setGroup(i, { ...g, conds: g.conds.map((x, j) => (j === ci ? next : x)) });
              const remove = () => setGroup(i, { ...g, conds: g.conds.filter((_, j) => j !== ci) });
              return Array.isArray(c.groups) ? (
                <NestedGroup key={ci} cond={c} fields={comparable} onChange={set} onRemove={remove} />
              ) : (
                <CondRow key={ci} cond={c} fields={comparable} onChange={set} onRemove={remove} />
              );
            })}
            <Space>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setGroup(i, { ...g, conds: [...g.conds, emptyCond()] })}>
                添加字段
              </Button>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setGroup(i, { ...g, conds: [...g.conds, { condType: 'and', groups: [emptyCond()] }] })}>
                添加字段组
              </Button>
            </Space>
          </Card>
        ))}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setGroups([...groups, { condType: 'and', conds: [emptyCond()] }])} style={{ marginTop: 8 }}>
          添加条件
        </Button>
      </div>
    </Modal>
  );
}
