import { planPath } from '../path.ts';
import type { FlowNode } from '../types.ts';
import { APPROVAL_NODES } from './registry.ts';
import type { ApprovalNodeType } from './types.ts';

/** Whether an instance stops at or acts on the node (its definition's `actionable`: approver, cc); routes and branches only steer. */
export function isActionable(node: FlowNode): boolean {
  return Object.hasOwn(APPROVAL_NODES, node.type) && APPROVAL_NODES[node.type as ApprovalNodeType].actionable;
}

/** The node and the routes enclosing it, outermost first. */
function locate(start: FlowNode | null | undefined, nodeId: string, routes: FlowNode[]): { node: FlowNode; routes: FlowNode[] } | null {
  for (let node = start; node; node = node.childNode) {
    if (node.nodeId === nodeId) return { node, routes };
    for (const branch of node.conditionNodes ?? []) {
      const found = locate(branch, nodeId, [...routes, node]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The actionable nodes that follow `nodeId`, in order: its own chain, then, leaving each enclosing
 * route, what follows that route. Routes met on the way take their first branch (by priorityLevel)
 * for which `branchHolds` is true, so conditions are read from the record as it is now (approvers
 * may have changed fields). Null when the node is not in the tree.
 */
export function actionableAfter(root: FlowNode, nodeId: string, branchHolds: (branch: FlowNode) => boolean): FlowNode[] | null {
  const found = locate(root, nodeId, []);
  if (!found) return null;
  const out: FlowNode[] = [];
  const follow = (start: FlowNode | null | undefined) => {
    if (start) out.push(...planPath(start, branchHolds));
  };
  follow(found.node.childNode);
  for (const route of [...found.routes].reverse()) follow(route.childNode);
  return out.filter(isActionable);
}

const MS_HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of a time, as yyyy-MM-dd (the holiday calendar's key). */
export function dayKey(t: Date): string {
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** Monday to Friday, unless the calendar says otherwise (a holiday, or a weekend made a working day). */
export function isWorkday(day: Date, calendar: ReadonlyMap<string, boolean>): boolean {
  const set = calendar.get(dayKey(day));
  if (set !== undefined) return set;
  const wd = day.getDay();
  return wd !== 0 && wd !== 6;
}

/**
 * When a time limit of `hours` started at `start` runs out. Counted over working days only when
 * `workdays` is set: the hours of non-working days do not count. Gives up after ten years of
 * holidays, so a calendar of nothing but holidays cannot hang the caller.
 */
export function deadlineOf(start: Date, hours: number, workdays: boolean, calendar: ReadonlyMap<string, boolean> = new Map()): Date {
  if (!workdays) return new Date(start.getTime() + hours * MS_HOUR);
  let left = hours * MS_HOUR;
  let t = new Date(start.getTime());
  for (let i = 0; i < 3660 && left > 0; i++) {
    const next = new Date(t.getFullYear(), t.getMonth(), t.getDate() + 1);
    if (isWorkday(t, calendar)) {
      const span = Math.min(left, next.getTime() - t.getTime());
      left -= span;
      if (left === 0) return new Date(t.getTime() + span);
    }
    t = next;
  }
  return t;
}
