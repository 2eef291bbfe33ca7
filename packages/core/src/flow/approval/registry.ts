import { approverNode } from './approver.ts';
import { ccNode } from './cc.ts';
import { approvalConditionNode } from './condition.ts';
import { initiatorNode } from './initiator.ts';
import { approvalRouteNode } from './route.ts';
import type { ApprovalNodeDefinition, ApprovalNodeType } from './types.ts';

/** The approval designer's node kinds (DESIGN.md §10), exhaustively. */
export const APPROVAL_NODES: Record<ApprovalNodeType, ApprovalNodeDefinition> = {
  0: initiatorNode,
  1: approverNode,
  2: ccNode,
  3: approvalConditionNode,
  4: approvalRouteNode,
};
