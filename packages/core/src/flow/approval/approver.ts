import { checkRecipient } from '../recipientCheck.ts';
import type { Recipient } from '../types.ts';
import { APPROVAL_TEXT, APPROVE_TYPES, type ApprovalNodeDefinition, type ApproverNode } from './types.ts';

const emptyRecipient = (): Recipient => ({ type: 2, leader: 1, person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] });

/** The approver drawer's checks: who (spec 001 §5.4's messages), how, and a sane time limit. */
export function checkApprover(node: ApproverNode): string | null {
  if (!node.recipient) return APPROVAL_TEXT.approver;
  const who = checkRecipient(node.recipient);
  if (who) return who;
  if (!(APPROVE_TYPES as readonly number[]).includes(Number(node.approveType ?? 0))) return APPROVAL_TEXT.approveType;
  const limit = node.timeLimitHours;
  if (limit !== undefined && limit !== null && String(limit) !== '' && !(Number(limit) > 0)) return APPROVAL_TEXT.timeLimit;
  return null;
}

/** Type 1: an approver step; by default the initiator's direct supervisor. */
export const approverNode: ApprovalNodeDefinition = {
  actionable: true,
  type: 1,
  label: '审批人',
  branchRule: 'none',
  deletable: true,
  template: () => ({
    nodeName: '审批人',
    type: 1,
    recipient: emptyRecipient(),
    approveType: 0,
    approveItems: [],
    noApprover: 'admin',
    commentRequired: false,
    allowReturn: true,
    allowTransfer: true,
    allowAddSign: true,
    timeLimitHours: null,
    timeLimitWorkdays: false,
    timeoutAction: 'remind',
    childNode: null,
  }),
  check: (node) => checkApprover(node as ApproverNode),
};
