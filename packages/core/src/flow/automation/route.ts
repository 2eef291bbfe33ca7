import { routeNodeOf } from '../branching/index.ts';
import { AUTOMATION_NODE_TYPES } from '../types.ts';

/** Type 3: a route; its branches are tried by priorityLevel and the first that holds runs. */
export const routeNode = routeNodeOf(AUTOMATION_NODE_TYPES.route);
