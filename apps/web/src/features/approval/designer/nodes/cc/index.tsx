import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { APPROVAL_NODES, type CcNode, type Recipient } from '@park/core';
import { NodeDrawer, type CanvasNodeKind, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';
import { RecipientField } from '../../RecipientField.tsx';
import { recipientText } from '../../recipientText.ts';

function CcDrawer({ node, context, onSave, onClose }: NodeDrawerProps<ApprovalDesignContext>) {
  const [n, setN] = useState<CcNode>(node as CcNode);
  return (
    <NodeDrawer title="抄送人设置" width={600} onClose={onClose} testId="cc-drawer" footer={<Button type="primary" onClick={() => onSave(n)}>保存</Button>}>
      <Form layout="vertical">
        <Form.Item label="节点名称">
          <Input aria-label="节点名称" value={n.nodeName} maxLength={30} onChange={(e) => setN({ ...n, nodeName: e.target.value })} />
        </Form.Item>
        <Form.Item label="抄送给">
          <RecipientField value={n.recipient as Recipient | undefined} onChange={(recipient) => setN({ ...n, recipient })} fields={context.fields} title="设置抄送人" />
        </Form.Item>
      </Form>
    </NodeDrawer>
  );
}

/** 抄送人: a copy and a message; the flow goes straight on. */
export const ccKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[2],
  color: '#3296fa',
  summary: (node) => recipientText((node as CcNode).recipient),
  addEntry: { label: '抄送人', icon: <SendOutlined />, order: 2 },
  Drawer: CcDrawer,
};
