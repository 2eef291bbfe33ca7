import type { CheckContext, NodeDefinition, NodeRegistry } from './registry.ts';
import { addBranch, insertAfter, insertRoute, newNodeId } from './tree.ts';
import type { FlowNode } from './types.ts';

/**
 * Puts `next` in the place of the node `nodeId`, keeping where the node sits: its chain child
 * and its branches stay as they are in the tree unless `next` brings its own. Used when a node's
 * drawer saves (the drawer edits the title and conf, never the shape of the tree).
 */
export function replaceNode(root: FlowNode, nodeId: string, next: Partial<FlowNode>): FlowNode {
  const visit = (node: FlowNode): FlowNode => {
    if (node.nodeId === nodeId) return { ...node, ...next, nodeId, childNode: node.childNode ?? null, ...(node.conditionNodes ? { conditionNodes: node.conditionNodes } : {}) };
    return {
      ...node,
      ...(node.conditionNodes ? { conditionNodes: node.conditionNodes.map(visit) } : {}),
      childNode: node.childNode ? visit(node.childNode) : null,
    };
  };
  return visit(root);
}

/** The route holding branch `branchId`, if any. */
export function routeOfBranch(root: FlowNode, branchId: string): FlowNode | undefined {
  for (let node: FlowNode | null | undefined = root; node; node = node.childNode) {
    if (node.conditionNodes?.some((b) => b.nodeId === branchId)) return node;
    for (const b of node.conditionNodes ?? []) {
      const hit = routeOfBranch(b, branchId);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** The registry's branch kind (branchRule 'branch'): what a route's branches are made of. */
export function branchDefinition<T extends number>(registry: NodeRegistry<T>): NodeDefinition {
  const def = (Object.values(registry) as NodeDefinition[]).find((d) => d.branchRule === 'branch');
  if (!def) throw new Error('the registry has no branch kind');
  return def;
}

/**
 * Adds a node of `type` after `afterId` (spec 001 §2.1): a chain node takes the old child as its
 * own; a route comes with two branches (条件1, 条件2), the first keeping the old child.
 */
export function addNodeAfter<T extends number>(root: FlowNode, afterId: string, registry: NodeRegistry<T>, type: T, makeId: () => string = newNodeId): FlowNode {
  const def = registry[type];
  const make = (d: NodeDefinition, priority?: number): FlowNode => ({ ...d.template(priority), nodeId: makeId() }) as FlowNode;
  if (def.branchRule === 'branches') {
    const branch = branchDefinition(registry);
    return insertRoute(root, afterId, {
      route: () => make(def),
      branch: (priority) => make(branch, priority),
    });
  }
  return insertAfter(root, afterId, make(def));
}

/** Adds a branch at the end of route `routeId`, named 条件N with priority N. */
export function addBranchTo<T extends number>(root: FlowNode, routeId: string, registry: NodeRegistry<T>, makeId: () => string = newNodeId): FlowNode {
  const branch = branchDefinition(registry);
  return addBranch(root, routeId, (priority) => ({ ...branch.template(priority), nodeId: makeId() }) as FlowNode);
}

/** What the save checks know beyond a node: the trigger's form (the root's conf destId). */
export function checkContextOf(root: FlowNode): CheckContext {
  const dest = (root.conf as { destId?: unknown } | undefined)?.destId;
  return { triggerFormId: dest === undefined || dest === null || dest === '' ? null : String(dest) };
}
