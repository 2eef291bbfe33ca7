import type { FlowNode } from './types.ts';

/**
 * The nodes an execution runs, in order: the chain from the root; at a route, the route itself,
 * then the first branch by priorityLevel for which `branchHolds` is true and its chain, then what
 * follows the route. No branch holding: the route's own child still runs.
 */
export function planPath(root: FlowNode, branchHolds: (branch: FlowNode) => boolean): FlowNode[] {
  const out: FlowNode[] = [];
  const follow = (start: FlowNode | null | undefined) => {
    for (let node = start; node; node = node.childNode) {
      out.push(node);
      if (node.conditionNodes && node.conditionNodes.length > 0) {
        const ordered = [...node.conditionNodes].sort((a, b) => Number(a.priorityLevel ?? 0) - Number(b.priorityLevel ?? 0));
        const chosen = ordered.find((b) => branchHolds(b));
        if (chosen) follow(chosen);
      }
    }
  };
  follow(root);
  return out;
}
