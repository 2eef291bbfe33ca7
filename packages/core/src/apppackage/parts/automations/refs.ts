import { AUTOMATION_NODE_TYPES, type FlowNode, type FormTaskConf, type MsgTaskConf, type Recipient, type TriggerConf } from '../../../flow/types.ts';
import { isRecord } from '../../../form/lib/values.ts';
import type { RecipientPlace } from '../flows/tree.ts';

/*
 * Where an automation's definition names installation ids (ADR 0054 part 3): the trigger's form
 * (`conf.destId`), each form action's form (`conf.formConf.formId`), and a message action's
 * recipient (`conf.recipient`, roles and people like an approval's).
 */

/** `ref` is an id or `@form:<code>`; null: it cannot be mapped (the caller refuses). */
export type AutomationRefMapper = (ref: string) => string | null;

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** A copy of the tree with every form reference mapped; `unmapped` the ones the mapper refused. */
export function mapAutomationFormRefs(tree: FlowNode, map: AutomationRefMapper): { tree: FlowNode; unmapped: string[] } {
  const unmapped: string[] = [];
  const visit = (node: FlowNode): FlowNode => {
    const out: FlowNode = { ...node };
    const conf = isRecord(node.conf) ? (node.conf as Record<string, unknown>) : null;
    if (conf && node.type === AUTOMATION_NODE_TYPES.trigger) {
      const ref = text((conf as TriggerConf).destId);
      if (ref) {
        const to = map(ref);
        if (to === null) unmapped.push(ref);
        else out.conf = { ...conf, destId: to };
      }
    }
    if (conf && node.type === AUTOMATION_NODE_TYPES.action && conf.actionType === 'formTask' && isRecord(conf.formConf)) {
      const formConf = (conf as unknown as FormTaskConf).formConf!;
      const ref = text(formConf.formId);
      if (ref) {
        const to = map(ref);
        if (to === null) unmapped.push(ref);
        else out.conf = { ...conf, formConf: { ...formConf, formId: to } };
      }
    }
    if (node.childNode) out.childNode = visit(node.childNode);
    if (Array.isArray(node.conditionNodes)) out.conditionNodes = node.conditionNodes.map(visit);
    return out;
  };
  return { tree: visit(tree), unmapped };
}

/** A message action keeps its recipient in its conf. */
export const MESSAGE_RECIPIENT: RecipientPlace = {
  get: (node) => (node.type === AUTOMATION_NODE_TYPES.action && isRecord(node.conf) && node.conf.actionType === 'msgTask' ? (node.conf as unknown as MsgTaskConf).recipient : undefined),
  set: (node, r: Recipient) => {
    node.conf = { ...(node.conf as MsgTaskConf), recipient: r };
  },
};
