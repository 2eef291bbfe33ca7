import { FLOW_TEXT } from '../messages.ts';
import type { NodeDefinition } from '../registry.ts';

/** Type 3: a route; its branches are tried by priorityLevel and the first that holds runs. */
export const routeNode: NodeDefinition = {
  type: 3,
  label: '路由',
  branchRule: 'branches',
  deletable: true,
  template: () => ({ nodeName: '路由', type: 3, conditionNodes: [], childNode: null }),
  check: (node) => ((node.conditionNodes ?? []).length >= 2 ? null : FLOW_TEXT.routeBranches),
};
