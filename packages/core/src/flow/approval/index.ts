import { checkFlowTree, type NodeProblem } from '../check.ts';
import { walkNodes } from '../tree.ts';
import type { FlowNode } from '../types.ts';
import { APPROVAL_NODES } from './registry.ts';
import { APPROVAL_NODE_TYPES, APPROVAL_TEXT, type ApproverNode } from './types.ts';

/**
 * Every check the designer runs on save, run again by the server: the node checks, an initiator
 * first, at least one approver, and approveItems that name fields of the form (`formModels`).
 */
export function checkApprovalTree(root: FlowNode | null | undefined, formModels: ReadonlySet<string> | null): NodeProblem[] {
  if (!root || typeof root !== 'object' || root.type !== APPROVAL_NODE_TYPES.initiator) {
    return [{ nodeId: String(root?.nodeId ?? ''), nodeName: String(root?.nodeName ?? ''), message: APPROVAL_TEXT.firstNode }];
  }
  const problems = checkFlowTree(root, APPROVAL_NODES, APPROVAL_NODE_TYPES.initiator);
  let approvers = 0;
  for (const node of walkNodes(root)) {
    if (node.type !== APPROVAL_NODE_TYPES.approver) continue;
    approvers += 1;
    const items = (node as ApproverNode).approveItems ?? [];
    const bad = Array.isArray(items) ? items.find((m) => typeof m !== 'string' || (formModels !== null && !formModels.has(m))) : '';
    if (bad !== undefined) problems.push({ nodeId: node.nodeId, nodeName: node.nodeName, message: APPROVAL_TEXT.approveItem(String(bad)) });
  }
  if (approvers === 0) problems.push({ nodeId: root.nodeId, nodeName: root.nodeName, message: APPROVAL_TEXT.emptyFlow });
  return problems;
}

export * from './types.ts';
export { APPROVAL_NODES } from './registry.ts';
export * from './plan.ts';
export { checkApprover } from './approver.ts';
