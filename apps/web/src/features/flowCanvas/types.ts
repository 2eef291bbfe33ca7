import type { ComponentType, ReactNode } from 'react';
import type { CheckContext, FlowNode, NodeDefinition } from '@park/core';

/**
 * What a node's drawer receives. `context` is the flow kind's own (the automation designer passes
 * the flow id; approvals their model id): the canvas hands it through untouched.
 */
export interface NodeDrawerProps<Ctx = unknown> {
  node: FlowNode;
  /** The whole tree, e.g. for the trigger's form when an action picks its fields. */
  root: FlowNode;
  context: Ctx;
  /** The edited node (title and conf); the canvas clears its error flag and keeps its place in the tree. */
  onSave: (node: FlowNode) => void;
  onClose: () => void;
}

/** How the canvas shows and edits one node type of a flow kind. */
export interface CanvasNodeKind<Ctx = unknown> {
  /** The core definition: template, save check, branch rule, whether it may be deleted. */
  definition: NodeDefinition;
  /** Header colour of the card (any CSS colour). */
  color: string;
  /** What the card's body says about the node's conf (a branch: 已设置条件 / 请设置条件). */
  summary: (node: FlowNode) => ReactNode;
  /**
   * The add menu's entry (the + between nodes). A kind with branchRule 'branches' (a route) is
   * added with two branches of the registry's 'branch' kind. Kinds without it are never added
   * from the menu (the trigger, a branch).
   */
  addEntry?: { label: string; icon?: ReactNode; order: number };
  /** Opens when the card is clicked; none: the card is not editable beyond its title. */
  Drawer?: ComponentType<NodeDrawerProps<Ctx>>;
}

/** A flow kind's canvas registry: every node type of its core registry, exhaustively. */
export type CanvasRegistry<T extends number, Ctx = unknown> = Record<T, CanvasNodeKind<Ctx>>;

export interface FlowCanvasProps<T extends number, Ctx = unknown> {
  /** The node tree (spec 001 §3 / DESIGN.md §10): the caller owns it, the canvas proposes changes. */
  root: FlowNode;
  onChange: (root: FlowNode) => void;
  registry: CanvasRegistry<T, Ctx>;
  /** Handed to every drawer. */
  context: Ctx;
  /** What the save checks may know beyond a node; default: the trigger's form (root conf destId). */
  checkContext?: CheckContext;
  /** No adding, deleting, moving or renaming; drawers still open (to read). */
  readOnly?: boolean;
  /** Extra buttons in the canvas' toolbar (e.g. 试运行). */
  toolbarExtra?: ReactNode;
  className?: string;
}
