import { routeNodeOf } from '../branching/index.ts';
import { APPROVAL_NODE_TYPES } from './types.ts';

/** Type 4: a route; the first branch by priorityLevel whose conditions hold is taken. */
export const approvalRouteNode = routeNodeOf(APPROVAL_NODE_TYPES.route);
