import { AuditOutlined } from '@ant-design/icons';
import { APPROVAL_NODES, APPROVE_TYPE_TEXT, type ApproverNode, type ApproveType } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';
import { recipientText } from '../../recipientText.ts';
import { ApproverDrawer } from './ApproverDrawer.tsx';

export const approverKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[1],
  color: '#ff943e',
  summary: (node) => {
    const n = node as ApproverNode;
    const how = APPROVE_TYPE_TEXT[Number(n.approveType ?? 0) as ApproveType] ?? '';
    return `${recipientText(n.recipient, n.continuousLeaders)}${Number(n.approveType ?? 0) > 0 ? ` · ${how}` : ''}${n.timeLimitHours ? ` · 限时${n.timeLimitHours}小时` : ''}`;
  },
  addEntry: { label: '审批人', icon: <AuditOutlined />, order: 1 },
  Drawer: ApproverDrawer,
};
