import { fieldConditionNode } from '../branching/index.ts';
import { AUTOMATION_NODE_TYPES } from '../types.ts';

/** Type 2: one branch of a route (spec 001 §3.5). */
export const conditionNode = fieldConditionNode(AUTOMATION_NODE_TYPES.condition);
