import { checkConditionConf } from '../automation/condition.ts';
import type { NodeDefinition } from '../registry.ts';
import type { ConditionConf } from '../types.ts';

/** Type 3: one branch of a route, on the record's fields; without conditions it always holds (其他情况). */
export const approvalConditionNode: NodeDefinition = {
  type: 3,
  label: '条件',
  branchRule: 'branch',
  deletable: true,
  template: (priority = 1) => ({
    nodeName: `条件${priority}`,
    type: 3,
    priorityLevel: priority,
    conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } },
    childNode: null,
  }),
  check: (node) => checkConditionConf((node.conf ?? {}) as ConditionConf),
};
