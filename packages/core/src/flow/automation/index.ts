import type { NodeRegistry } from '../registry.ts';
import type { AutomationNodeType } from '../types.ts';
import { actionNode } from './action.ts';
import { conditionNode } from './condition.ts';
import { routeNode } from './route.ts';
import { triggerNode } from './trigger.ts';

/** The automation designer's node kinds (spec 001 §2.1), exhaustively. */
export const AUTOMATION_NODES: NodeRegistry<AutomationNodeType> = {
  0: triggerNode,
  1: actionNode,
  2: conditionNode,
  3: routeNode,
};

export { ACTION_DEFINITIONS, ACTION_TYPES, actionTypeOf, checkFilter, isActionType, type ActionDefinition } from './action.ts';
export { checkConditionConf } from '../branching/index.ts';
export { TRIGGER_TYPES } from './trigger.ts';
