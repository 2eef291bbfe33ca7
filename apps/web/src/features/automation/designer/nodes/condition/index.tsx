import { AUTOMATION_NODES, type ConditionConf, type FlowNode } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { ConditionDrawer } from './ConditionDrawer.tsx';
import { conditionCounts } from './conditionModel.ts';

const summary = (node: FlowNode) => {
  const { fields, updates } = conditionCounts((node.conf ?? {}) as ConditionConf);
  return fields + updates > 0 ? '已设置条件' : '请设置条件';
};

/** Type 2, one branch of a route (spec 001 §2.4): 条件N with priority N. */
export const conditionKind: CanvasNodeKind<DesignerContext> = {
  definition: AUTOMATION_NODES[2],
  color: '#15bc83',
  summary,
  Drawer: ConditionDrawer,
};
