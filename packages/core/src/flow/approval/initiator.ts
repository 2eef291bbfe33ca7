import type { ApprovalNodeDefinition } from './types.ts';

/** Type 0: who submitted; the first node, never deleted. Returning to it hands the record back for editing. */
export const initiatorNode: ApprovalNodeDefinition = {
  actionable: false,
  type: 0,
  label: '发起人',
  branchRule: 'none',
  deletable: false,
  template: () => ({ nodeName: '发起人', type: 0, childNode: null }),
  check: () => null,
};
