import { routeNodeOf } from '../branching/index.ts';
import { APPROVAL_NODE_TYPES, type ApprovalNodeDefinition } from './types.ts';

/** Type 4: a route; the first branch by priorityLevel whose conditions hold is taken. */
export const approvalRouteNode: ApprovalNodeDefinition = { ...routeNodeOf(APPROVAL_NODE_TYPES.route), actionable: false };
