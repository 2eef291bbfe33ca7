import { FLOW_TEXT } from '../messages.ts';
import type { NodeDefinition } from '../registry.ts';
import { FORM_EVENTS, type TriggerConf } from '../types.ts';

/** Spec 001 §2.2: only 'form' is offered; flow, waitDone and specialService are labels only. */
export const TRIGGER_TYPES = ['form'] as const;

/** Type 0: the start of an automation (spec 001 §3.2, §5.1). */
export const triggerNode: NodeDefinition = {
  type: 0,
  label: '触发器',
  branchRule: 'none',
  deletable: false,
  template: () => ({ nodeName: '触发器', type: 0, error: true, conf: { triggerType: '', destId: null, destName: '', event: '' }, childNode: null }),
  check(node) {
    const conf = (node.conf ?? {}) as TriggerConf;
    if (!conf.triggerType) return FLOW_TEXT.triggerType;
    if (!(TRIGGER_TYPES as readonly string[]).includes(conf.triggerType)) return FLOW_TEXT.triggerType;
    if (conf.destId === undefined || conf.destId === null || conf.destId === '' || !/^[1-9]\d*$/.test(String(conf.destId))) {
      return FLOW_TEXT.triggerForm;
    }
    if (!conf.event || !FORM_EVENTS.includes(conf.event)) return FLOW_TEXT.triggerEvent;
    return null;
  },
};
