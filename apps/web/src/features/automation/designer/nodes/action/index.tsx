import { ThunderboltOutlined } from '@ant-design/icons';
import { actionTypeOf, AUTOMATION_NODES, type ActionConfs, type ActionType, type FlowNode } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { ActionDrawer } from './ActionDrawer.tsx';
import { ACTION_UI } from './actionTypes.tsx';

function summary(node: FlowNode) {
  const type = actionTypeOf(node);
  return type ? summaryOf(type, node.conf as ActionConfs[typeof type]) : '请设置动作';
}

function summaryOf<K extends ActionType>(type: K, conf: ActionConfs[K]): string {
  return ACTION_UI[type].summary(conf);
}

/** Type 1, an action (spec 001 §2.3): a form action or a message. */
export const actionKind: CanvasNodeKind<DesignerContext> = {
  definition: AUTOMATION_NODES[1],
  color: '#ff943e',
  summary,
  addEntry: { label: '动作', icon: <ThunderboltOutlined />, order: 1 },
  Drawer: ActionDrawer,
};
