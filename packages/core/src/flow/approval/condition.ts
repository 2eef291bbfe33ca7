import { fieldConditionNode } from '../branching/index.ts';
import { APPROVAL_NODE_TYPES, type ApprovalNodeDefinition } from './types.ts';

/** Type 3: one branch of a route, on the record's fields as approvers left them. */
export const approvalConditionNode: ApprovalNodeDefinition = { ...fieldConditionNode(APPROVAL_NODE_TYPES.condition), actionable: false };
