import type { FlowNode } from './types.ts';

/**
 * Operations on the flow tree (spec 001 §2.1), each returning a new tree. Shared by the
 * automation designer and approvals; node kinds come from the caller's registry.
 */

let counter = 0;
/** A node id unique enough within a flow; the server keeps ids it receives. */
export function newNodeId(): string {
  counter = (counter + 1) % 1_000_000;
  return `n-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Every node, depth first: the chain, and each branch of a route before the route's own child. */
export function* walkNodes(root: FlowNode | null | undefined): Generator<FlowNode> {
  for (let node = root; node; node = node.childNode) {
    yield node;
    for (const branch of node.conditionNodes ?? []) yield* walkNodes(branch);
  }
}

export function findNode(root: FlowNode, nodeId: string): FlowNode | undefined {
  for (const node of walkNodes(root)) if (node.nodeId === nodeId) return node;
  return undefined;
}

/** Gives every node without one a nodeId; ids present are kept. Returns a copy. */
export function withNodeIds(root: FlowNode, makeId: () => string = newNodeId): FlowNode {
  const seen = new Set<string>();
  const visit = (node: FlowNode): FlowNode => {
    let id = typeof node.nodeId === 'string' && node.nodeId !== '' ? node.nodeId : makeId();
    while (seen.has(id)) id = makeId();
    seen.add(id);
    return {
      ...node,
      nodeId: id,
      ...(node.conditionNodes ? { conditionNodes: node.conditionNodes.map(visit) } : {}),
      childNode: node.childNode ? visit(node.childNode) : null,
    };
  };
  return visit(root);
}

/** Rebuilds the tree with `fn` applied to the node `nodeId` (fn may return a replacement). */
function mapNode(root: FlowNode, nodeId: string, fn: (node: FlowNode) => FlowNode): FlowNode {
  const visit = (node: FlowNode): FlowNode => {
    if (node.nodeId === nodeId) return fn(node);
    return {
      ...node,
      ...(node.conditionNodes ? { conditionNodes: node.conditionNodes.map(visit) } : {}),
      childNode: node.childNode ? visit(node.childNode) : null,
    };
  };
  return visit(root);
}

/** Inserts `node` after `afterId`: the new node keeps the old child as its own child. */
export function insertAfter(root: FlowNode, afterId: string, node: FlowNode): FlowNode {
  return mapNode(root, afterId, (parent) => ({ ...parent, childNode: { ...node, childNode: parent.childNode ?? null } }));
}

/** A route with branches named 条件1/条件2 (or the caller's names); the first keeps the old child. */
export function insertRoute(
  root: FlowNode,
  afterId: string,
  make: { route: () => FlowNode; branch: (priority: number) => FlowNode },
): FlowNode {
  return mapNode(root, afterId, (parent) => {
    const first = { ...make.branch(1), childNode: parent.childNode ?? null };
    const route: FlowNode = { ...make.route(), conditionNodes: [first, make.branch(2)], childNode: null };
    return { ...parent, childNode: route };
  });
}

/** Removes a chain node; its child takes its place. */
export function removeNode(root: FlowNode, nodeId: string): FlowNode {
  if (root.nodeId === nodeId) throw new Error('the first node cannot be removed');
  return replaceInChain(root, nodeId, (node) => node.childNode ?? null);
}

/** Renumbers a route's branches from 1 in their order. */
function renumber(branches: FlowNode[]): FlowNode[] {
  return branches.map((b, i) => ({ ...b, priorityLevel: i + 1 }));
}

/** Replaces the chain node `nodeId` (never the root) with `make(node)`, or drops it when that is null. */
function replaceInChain(root: FlowNode, nodeId: string, make: (node: FlowNode) => FlowNode | null): FlowNode {
  const visit = (node: FlowNode): FlowNode => {
    let child = node.childNode ?? null;
    if (child && child.nodeId === nodeId) child = make(child);
    const branches = node.conditionNodes?.map((b) => (b.nodeId === nodeId ? b : visit(b)));
    return { ...node, ...(branches ? { conditionNodes: branches } : {}), childNode: child ? visit(child) : null };
  };
  return visit(root);
}

/**
 * Removes a branch. At one remaining branch the route collapses: that branch's chain, then the
 * route's own child, take the route's place in the main chain.
 */
export function removeBranch(root: FlowNode, routeId: string, branchId: string): FlowNode {
  return replaceInChain(root, routeId, (route) => {
    const left = (route.conditionNodes ?? []).filter((b) => b.nodeId !== branchId);
    if (left.length > 1) return { ...route, conditionNodes: renumber(left) };
    const tail = route.childNode ?? null;
    const remaining = left[0]?.childNode ?? null;
    return remaining ? appendTail(remaining, tail) : tail;
  });
}

function appendTail(chain: FlowNode, tail: FlowNode | null): FlowNode {
  if (!chain.childNode) return { ...chain, childNode: tail };
  return { ...chain, childNode: appendTail(chain.childNode, tail) };
}

/** Moves a branch one place left (-1) or right (+1) and renumbers priorities from 1. */
export function moveBranch(root: FlowNode, routeId: string, branchId: string, delta: -1 | 1): FlowNode {
  return mapNode(root, routeId, (route) => {
    const branches = [...(route.conditionNodes ?? [])];
    const at = branches.findIndex((b) => b.nodeId === branchId);
    const to = at + delta;
    if (at < 0 || to < 0 || to >= branches.length) return route;
    [branches[at], branches[to]] = [branches[to]!, branches[at]!];
    return { ...route, conditionNodes: renumber(branches) };
  });
}

/** Adds a branch at the end of a route, named by the caller (条件N, priority N). */
export function addBranch(root: FlowNode, routeId: string, make: (priority: number) => FlowNode): FlowNode {
  return mapNode(root, routeId, (route) => {
    const branches = route.conditionNodes ?? [];
    return { ...route, conditionNodes: [...branches, make(branches.length + 1)] };
  });
}
