import { useState } from 'react';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { APPROVAL_NODES, checkConditionConf, type ConditionConf, type FieldCondGroup, type FlowNode } from '@park/core';
import { NodeDrawer, type CanvasNodeKind, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import { conditionCounts, FieldCondEditor } from '../../../../flowConditions/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';

type FieldConds = { condType: 'and' | 'or'; conditions: FieldCondGroup[] };

const fieldCondsOf = (node: FlowNode): FieldConds => {
  const set = ((node.conf ?? {}) as ConditionConf).condition?.fieldConds;
  return { condType: set?.condType === 'or' ? 'or' : 'and', conditions: set?.conditions ?? [] };
};

/**
 * 条件设置: the branch's name and its field conditions, edited with the automation's condition
 * editor (groups joined by 且/或, spec 001 §2.5). Approvals branch on the record only, so there
 * are no field-update conditions. No conditions: the branch always holds (其他情况).
 */
function ConditionDrawer({ node, context, onSave, onClose }: NodeDrawerProps<ApprovalDesignContext>) {
  const { message } = App.useApp();
  const [name, setName] = useState(node.nodeName);
  const [fieldConds, setFieldConds] = useState<FieldConds>(() => fieldCondsOf(node));
  const [editing, setEditing] = useState(false);
  const conf: ConditionConf = { condition: { fieldConds, fieldUpdateConds: [] } };
  const count = conditionCounts(conf).fields;
  const save = () => {
    const problem = checkConditionConf(conf);
    if (problem) return void message.warning(problem);
    onSave({ ...node, nodeName: name, conf });
  };
  return (
    <NodeDrawer title="条件设置" width={650} onClose={onClose} testId="condition-drawer" footer={<Button type="primary" onClick={save}>保存</Button>}>
      <Form layout="vertical">
        <Form.Item label="条件名称">
          <Input aria-label="条件名称" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
      </Form>
      <Card
        size="small"
        title="数据字段条件"
        data-testid="cond-card-fields"
        extra={<Button type="text" aria-label="编辑数据字段条件" icon={<EditOutlined />} onClick={() => setEditing(true)} />}
      >
        <Space orientation="vertical" size={2}>
          <span>
            已设置 <b>{count}</b> 个条件
          </span>
          <span className="approval-muted">{count > 0 ? (fieldConds.condType === 'or' ? '满足任一条件组时走这个分支' : '满足全部条件组时走这个分支') : '不设条件则为其他情况，总会走这个分支'}</span>
        </Space>
      </Card>
      {editing && (
        <FieldCondEditor
          value={fieldConds}
          fields={context.fields}
          onClose={() => setEditing(false)}
          onOk={(v) => {
            setFieldConds(v);
            setEditing(false);
          }}
        />
      )}
    </NodeDrawer>
  );
}

/** 条件N: one branch of a route on the record's fields. */
export const conditionKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[3],
  color: '#15bc83',
  summary: (node) => {
    const n = conditionCounts((node.conf ?? {}) as ConditionConf).fields;
    return n > 0 ? `已设置${n}个条件` : '其他情况';
  },
  Drawer: ConditionDrawer,
};
