import { FLOW_TEXT } from '../messages.ts';
import type { NodeDefinition } from '../registry.ts';

/** Type 4: a route; the first branch by priorityLevel whose conditions hold is taken. */
export const approvalRouteNode: NodeDefinition = {
  type: 4,
  label: '路由',
  branchRule: 'branches',
  deletable: true,
  template: () => ({ nodeName: '路由', type: 4, conditionNodes: [], childNode: null }),
  check: (node) => ((node.conditionNodes ?? []).length >= 2 ? null : FLOW_TEXT.routeBranches),
};
