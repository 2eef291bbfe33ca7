import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { APPROVE_TYPE_TEXT, TIMEOUT_ACTION_TEXT, type ApproverNode, type Recipient } from '@park/core';
import { NodeDrawer, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';
import { RecipientField } from '../../RecipientField.tsx';

/** 审批人: who, how they sign, what they may fill, nobody found, buttons, time limit. */
export function ApproverDrawer({ node, context, onSave, onClose }: NodeDrawerProps<ApprovalDesignContext>) {
  const [n, setN] = useState<ApproverNode>(node as ApproverNode);
  const set = (patch: Partial<ApproverNode>) => setN((prev) => ({ ...prev, ...patch }));
  return (
    <NodeDrawer title="审批人设置" width={600} onClose={onClose} testId="approver-drawer" footer={<Button type="primary" onClick={() => onSave(n)}>保存</Button>}>
      <Form layout="vertical">
        <Form.Item label="节点名称">
          <Input aria-label="节点名称" value={n.nodeName} maxLength={30} onChange={(e) => set({ nodeName: e.target.value })} />
        </Form.Item>
        <Form.Item label="审批人">
          <RecipientField value={n.recipient as Recipient | undefined} onChange={(recipient) => set({ recipient })} fields={context.fields} title="设置审批人" continuous={n.continuousLeaders} />
          {Number(n.recipient?.type) === 2 && (
            <div>
              <Checkbox checked={!!n.continuousLeaders} onChange={(e) => set({ continuousLeaders: e.target.checked })}>
                连续多级主管（从直接主管起逐级审批，直到所选级别）
              </Checkbox>
            </div>
          )}
        </Form.Item>
        <Form.Item label="多人审批时">
          <Radio.Group value={Number(n.approveType ?? 0)} onChange={(e) => set({ approveType: e.target.value as number })}>
            {Object.entries(APPROVE_TYPE_TEXT).map(([v, label]) => (
              <Radio key={v} value={Number(v)}>
                {label}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="审批人可填写的字段">
          <Checkbox.Group value={n.approveItems ?? []} onChange={(v) => set({ approveItems: v as string[] })} options={context.fields.map((f) => ({ value: f.model, label: f.name }))} />
        </Form.Item>
        <Form.Item label="找不到审批人时">
          <Radio.Group value={n.noApprover ?? 'admin'} onChange={(e) => set({ noApprover: e.target.value as 'pass' | 'admin' })}>
            <Radio value="admin">转交管理员</Radio>
            <Radio value="pass">自动通过</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="操作">
          <Checkbox checked={!!n.commentRequired} onChange={(e) => set({ commentRequired: e.target.checked })}>同意时必须填写意见</Checkbox>
          <Checkbox checked={n.allowReturn !== false} onChange={(e) => set({ allowReturn: e.target.checked })}>允许退回</Checkbox>
          <Checkbox checked={n.allowTransfer !== false} onChange={(e) => set({ allowTransfer: e.target.checked })}>允许转办</Checkbox>
          <Checkbox checked={n.allowAddSign !== false} onChange={(e) => set({ allowAddSign: e.target.checked })}>允许加签</Checkbox>
        </Form.Item>
        <Form.Item label="审批时限（小时，不填则不限）">
          <InputNumber aria-label="审批时限" min={1} max={8760} value={n.timeLimitHours ?? null} onChange={(v) => set({ timeLimitHours: v === null ? null : Number(v) })} />
          <Switch style={{ marginLeft: 12 }} checked={!!n.timeLimitWorkdays} onChange={(timeLimitWorkdays) => set({ timeLimitWorkdays })} /> 只计工作日
        </Form.Item>
        <Form.Item label="超时后">
          <Select aria-label="超时后" style={{ width: 240 }} value={n.timeoutAction ?? 'remind'} onChange={(timeoutAction) => set({ timeoutAction })} options={Object.entries(TIMEOUT_ACTION_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </Form>
    </NodeDrawer>
  );
}
