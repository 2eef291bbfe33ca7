import { useState } from 'react';
import { App, Button, Input, Modal, Radio, Select, Space } from 'antd';
import type { CurrentNode } from './api.ts';
import { UserPicker } from './UserPicker.tsx';

export type TaskAction =
  | { kind: 'approve' }
  | { kind: 'disapprove' }
  | { kind: 'resubmit' }
  | { kind: 'return'; targetNodeId: string; reapprove: boolean }
  | { kind: 'transfer'; userId: string }
  | { kind: 'addSign'; userId: string; position: 'before' | 'after' };

type Dialog = 'return' | 'transfer' | 'addSign' | null;

/** The buttons the caller's node allows, the 审批意见 box, and the dialogs of 退回, 转办 and 加签. */
export function TaskActions({ node, busy, onAct }: { node: CurrentNode; busy: boolean; onAct: (action: TaskAction, remark: string) => void }) {
  const { message } = App.useApp();
  const [remark, setRemark] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<string | undefined>(node.returnTargets[0]?.nodeId);
  const [reapprove, setReapprove] = useState(true);
  const [userId, setUserId] = useState<string | undefined>();
  const [position, setPosition] = useState<'before' | 'after'>('before');
  const needRemark = (required: boolean) => {
    if (required && remark.trim() === '') {
      void message.warning('请填写审批意见');
      return false;
    }
    return true;
  };
  const confirmDialog = () => {
    if (dialog === 'return') {
      if (!target) return void message.warning('请选择退回的节点');
      if (!needRemark(true)) return;
      onAct({ kind: 'return', targetNodeId: target, reapprove }, remark);
    } else if (dialog === 'transfer' || dialog === 'addSign') {
      if (!userId) return void message.warning(dialog === 'transfer' ? '请选择转办人' : '请选择加签人');
      onAct(dialog === 'transfer' ? { kind: 'transfer', userId } : { kind: 'addSign', userId, position }, remark);
    }
    setDialog(null);
  };
  if (node.resubmit) {
    return (
      <div className="approval-actions">
        <Input.TextArea aria-label="审批意见" placeholder="说明（选填）" value={remark} onChange={(e) => setRemark(e.target.value)} rows={2} maxLength={1000} />
        <Button type="primary" loading={busy} onClick={() => onAct({ kind: 'resubmit' }, remark)}>
          重新提交
        </Button>
      </div>
    );
  }
  return (
    <div className="approval-actions">
      <Input.TextArea aria-label="审批意见" placeholder={node.commentRequired ? '审批意见（必填）' : '审批意见'} value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={1000} />
      <Space wrap>
        <Button type="primary" loading={busy} onClick={() => needRemark(node.commentRequired) && onAct({ kind: 'approve' }, remark)}>
          同意
        </Button>
        <Button danger disabled={busy} onClick={() => needRemark(true) && onAct({ kind: 'disapprove' }, remark)}>
          驳回
        </Button>
        {node.allowReturn && <Button disabled={busy} onClick={() => setDialog('return')}>退回</Button>}
        {node.allowTransfer && <Button disabled={busy} onClick={() => setDialog('transfer')}>转办</Button>}
        {node.allowAddSign && <Button disabled={busy} onClick={() => setDialog('addSign')}>加签</Button>}
      </Space>
      <Modal open={dialog !== null} title={{ return: '退回', transfer: '转办', addSign: '加签' }[dialog ?? 'return']} okText="确定" cancelText="取消" onOk={confirmDialog} onCancel={() => setDialog(null)} destroyOnHidden>
        {dialog === 'return' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <span>退回至</span>
            <Select aria-label="退回至" style={{ width: '100%' }} value={target} onChange={setTarget} options={node.returnTargets.map((t) => ({ value: t.nodeId, label: t.nodeName }))} />
            <Radio.Group value={reapprove} onChange={(e) => setReapprove(e.target.value as boolean)}>
              <Radio value={true}>重新提交后逐级重新审批</Radio>
              <Radio value={false}>重新提交后直接回到我</Radio>
            </Radio.Group>
            {remark.trim() === '' && <span className="approval-hint">退回需要填写审批意见</span>}
          </Space>
        )}
        {(dialog === 'transfer' || dialog === 'addSign') && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <span>{dialog === 'transfer' ? '转办给' : '加签人'}</span>
            <UserPicker ariaLabel={dialog === 'transfer' ? '转办给' : '加签人'} value={userId} onChange={setUserId} />
            {dialog === 'addSign' && (
              <Radio.Group value={position} onChange={(e) => setPosition(e.target.value as 'before' | 'after')}>
                <Radio value="before">在我之前审批</Radio>
                <Radio value="after">我同意后由其审批</Radio>
              </Radio.Group>
            )}
          </Space>
        )}
      </Modal>
    </div>
  );
}
