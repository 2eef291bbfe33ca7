import { FLOW_TEXT } from './messages.ts';
import type { NodeRegistry } from './registry.ts';
import { walkNodes } from './tree.ts';
import type { FlowNode, TriggerConf } from './types.ts';

export interface NodeProblem {
  nodeId: string;
  nodeName: string;
  message: string;
}

/**
 * Every node's save check through its registry (the same checks the designer runs), so the server
 * refuses what the designer would refuse, with the same messages. The first node must have type
 * `firstType` (the trigger, or an approval's initiator).
 */
export function checkFlowTree<T extends number>(root: FlowNode | null | undefined, registry: NodeRegistry<T>, firstType: T): NodeProblem[] {
  if (!root || typeof root !== 'object' || root.type !== firstType) {
    return [{ nodeId: String(root?.nodeId ?? ''), nodeName: String(root?.nodeName ?? ''), message: FLOW_TEXT.firstNode }];
  }
  const triggerForm = (root.conf as TriggerConf | undefined)?.destId;
  const ctx = { triggerFormId: triggerForm === undefined || triggerForm === null ? null : String(triggerForm) };
  const problems: NodeProblem[] = [];
  const ids = new Set<string>();
  for (const node of walkNodes(root)) {
    const def = registry[node.type as T];
    const at = { nodeId: String(node.nodeId ?? ''), nodeName: String(node.nodeName ?? '') };
    if (node.nodeId && ids.has(node.nodeId)) problems.push({ ...at, message: FLOW_TEXT.duplicateNodeId(node.nodeId) });
    ids.add(node.nodeId);
    if (!def) {
      problems.push({ ...at, message: FLOW_TEXT.unknownNode(node.type) });
      continue;
    }
    if (node !== root && node.type === firstType) problems.push({ ...at, message: FLOW_TEXT.unknownNode(node.type) });
    const message = def.check(node, ctx);
    if (message) problems.push({ ...at, message });
  }
  return problems;
}

/** Marks nodes whose check fails with `error: true` and clears it on the others (spec 001 §2.1). */
export function flagErrors<T extends number>(root: FlowNode, registry: NodeRegistry<T>): FlowNode {
  const triggerForm = (root.conf as TriggerConf | undefined)?.destId;
  const ctx = { triggerFormId: triggerForm === undefined || triggerForm === null ? null : String(triggerForm) };
  const visit = (node: FlowNode): FlowNode => ({
    ...node,
    error: registry[node.type as T]?.check(node, ctx) != null,
    ...(node.conditionNodes ? { conditionNodes: node.conditionNodes.map(visit) } : {}),
    childNode: node.childNode ? visit(node.childNode) : null,
  });
  return visit(root);
}
