import { AUTOMATION_NODES, FORM_EVENT_TEXT, type FlowNode, type TriggerConf } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { TriggerDrawer } from './TriggerDrawer.tsx';

function summary(node: FlowNode) {
  const conf = (node.conf ?? {}) as TriggerConf;
  if (!conf.destId || !conf.event) return '请设置触发器';
  return `${conf.destName || `表单${String(conf.destId)}`}：${FORM_EVENT_TEXT[conf.event]}数据时`;
}

/** Type 0, the trigger (spec 001 §2.2): never deleted, never added from the menu. */
export const triggerKind: CanvasNodeKind<DesignerContext> = {
  definition: AUTOMATION_NODES[0],
  color: '#576a95',
  summary,
  Drawer: TriggerDrawer,
};
