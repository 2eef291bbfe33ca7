import { ThunderboltOutlined } from '@ant-design/icons';
import { AUTOMATION_NODES, type FlowNode, type FormTaskConf, type MsgTaskConf } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { ActionDrawer } from './ActionDrawer.tsx';
import { FORM_ACTION_TEXT } from './actionText.ts';

function summary(node: FlowNode) {
  const conf = (node.conf ?? {}) as FormTaskConf | MsgTaskConf | { actionType?: '' };
  if (conf.actionType === 'formTask') {
    const form = conf.formConf?.formName || (conf.formConf?.formId ? `表单${String(conf.formConf.formId)}` : '');
    return conf.action && form ? `${FORM_ACTION_TEXT[conf.action]}：${form}` : '请设置表单动作';
  }
  if (conf.actionType === 'msgTask') return conf.title ? `发送消息：${conf.title}` : '请设置消息';
  return '请设置动作';
}

/** Type 1, an action (spec 001 §2.3): a form action or a message. */
export const actionKind: CanvasNodeKind<DesignerContext> = {
  definition: AUTOMATION_NODES[1],
  color: '#ff943e',
  summary,
  addEntry: { label: '动作', icon: <ThunderboltOutlined />, order: 1 },
  Drawer: ActionDrawer,
};
