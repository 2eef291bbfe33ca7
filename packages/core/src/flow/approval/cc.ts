import { checkRecipient } from '../recipientCheck.ts';
import { APPROVAL_TEXT, type ApprovalNodeDefinition, type CcNode } from './types.ts';

/** Type 2: a copy to the recipients (a message and a row in their 抄送我的); the flow goes straight on. */
export const ccNode: ApprovalNodeDefinition = {
  actionable: true,
  type: 2,
  label: '抄送人',
  branchRule: 'none',
  deletable: true,
  template: () => ({
    nodeName: '抄送人',
    type: 2,
    recipient: { type: 3, person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] },
    childNode: null,
  }),
  check(node) {
    const r = (node as CcNode).recipient;
    return r ? checkRecipient(r) : APPROVAL_TEXT.cc;
  },
};
