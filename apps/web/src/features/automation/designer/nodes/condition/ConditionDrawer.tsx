import { useState } from 'react';
import { Alert, App, Button, Card, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { checkConditionConf, type ConditionConf, type TriggerConf } from '@park/core';
import { NodeDrawer, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { triggerFormOf, useFormFields } from '../../useFormFields.ts';
import { conditionCounts, normalCondition } from './conditionModel.ts';
import { FieldCondEditor } from '../../../../flowConditions/index.ts';
import { FieldUpdateEditor } from './FieldUpdateEditor.tsx';

export const CONDITION_DRAWER_WIDTH = 650;

/**
 * The condition drawer (spec 001 §2.4): two cards, 操作数据字段条件 and 数据字段更新条件, each with
 * its count and an edit icon. A branch without conditions always runs (其他情况).
 */
export function ConditionDrawer({ node, root, onSave, onClose }: NodeDrawerProps<DesignerContext>) {
  const { message } = App.useApp();
  const [cond, setCond] = useState(() => normalCondition(node.conf as ConditionConf | undefined));
  const [editing, setEditing] = useState<'fields' | 'updates' | null>(null);
  const trigger = useFormFields(triggerFormOf(root));
  const fields = trigger.fields?.main ?? [];
  const counts = conditionCounts({ condition: cond });
  const event = ((root.conf ?? {}) as TriggerConf).event;

  const save = () => {
    const conf: ConditionConf = { condition: cond };
    const problem = checkConditionConf(conf);
    if (problem) return void message.warning(problem);
    onSave({ ...node, conf });
  };

  const card = (kind: 'fields' | 'updates', title: string, count: number, hint: string) => (
    <Card
      size="small"
      className="automation-cond-card"
      data-testid={`cond-card-${kind}`}
      title={title}
      extra={<Button type="text" aria-label={`编辑${title}`} icon={<EditOutlined />} onClick={() => setEditing(kind)} disabled={!trigger.fields} />}
    >
      <Space orientation="vertical" size={2}>
        <span>
          已设置 <b>{count}</b> 个条件
        </span>
        <span className="automation-muted">{hint}</span>
      </Space>
    </Card>
  );

  return (
    <NodeDrawer
      title={node.nodeName}
      width={CONDITION_DRAWER_WIDTH}
      onClose={onClose}
      testId="condition-drawer"
      footer={
        <Button type="primary" onClick={save}>
          保存
        </Button>
      }
    >
      {!triggerFormOf(root) && <Alert type="warning" showIcon title="请先设置触发器" style={{ marginBottom: 12 }} />}
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        {card('fields', '操作数据字段条件', counts.fields, '触发数据的字段满足这些条件时走这个分支')}
        {card('updates', '数据字段更新条件', counts.updates, event === 'update' ? '修改数据时，字段按指定方式变化才走这个分支' : '仅在触发事件为“修改”时有意义')}
      </Space>
      {editing === 'fields' && (
        <FieldCondEditor
          value={cond.fieldConds}
          fields={fields}
          onClose={() => setEditing(null)}
          onOk={(fieldConds) => {
            setCond({ ...cond, fieldConds });
            setEditing(null);
          }}
        />
      )}
      {editing === 'updates' && (
        <FieldUpdateEditor
          value={cond.fieldUpdateConds}
          fields={fields}
          onClose={() => setEditing(null)}
          onOk={(fieldUpdateConds) => {
            setCond({ ...cond, fieldUpdateConds });
            setEditing(null);
          }}
        />
      )}
    </NodeDrawer>
  );
}
