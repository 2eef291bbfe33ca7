import type { FlowNode } from './types.ts';

/** What a node's save check may know beyond the node: the flow's trigger form. */
export interface CheckContext {
  triggerFormId: string | null;
}

/**
 * One kind of node in a flow registry (DESIGN.md §10): its empty template, its save check with the
 * spec's messages (null when it passes), and how it branches.
 */
export interface NodeDefinition {
  type: number;
  /** The canvas label. */
  label: string;
  /** A new node of this type (without nodeId; the caller assigns one). */
  template(priority?: number): Omit<FlowNode, 'nodeId'>;
  check(node: FlowNode, ctx: CheckContext): string | null;
  /** 'none': a plain chain node; 'branches': holds conditionNodes; 'branch': one of a route's branches. */
  branchRule: 'none' | 'branches' | 'branch';
  /** The trigger (and an approval's initiator) cannot be deleted. */
  deletable: boolean;
}

/** A flow kind's registry: every node type it has, exhaustively. */
export type NodeRegistry<T extends number> = Record<T, NodeDefinition>;
