import { createContext, useContext } from 'react';
import type { CheckContext, FlowNode } from '@park/core';
import type { CanvasNodeKind } from './types.ts';

/** What a card needs of its kind (the drawer stays with the canvas). */
export type CardKind = Pick<CanvasNodeKind, 'definition' | 'color' | 'summary' | 'addEntry'>;

/** What every card of one canvas shares: its kinds, the edit entry points and whether it is read-only. */
export interface CanvasApi {
  kindOf: (node: FlowNode) => CardKind | undefined;
  /** The kinds offered by the + menu, in their order, with their node type. */
  addable: Array<{ type: number; kind: CardKind }>;
  readOnly: boolean;
  /** The node's kind has a drawer: a click on its card opens it. */
  editable: (node: FlowNode) => boolean;
  checkContext: CheckContext;
  open: (nodeId: string) => void;
  rename: (nodeId: string, name: string) => void;
  remove: (nodeId: string) => void;
  add: (afterId: string, type: number) => void;
  addBranch: (routeId: string) => void;
  removeBranch: (routeId: string, branchId: string) => void;
  moveBranch: (routeId: string, branchId: string, delta: -1 | 1) => void;
}

export const CanvasContext = createContext<CanvasApi | null>(null);

export function useCanvas(): CanvasApi {
  const api = useContext(CanvasContext);
  if (!api) throw new Error('useCanvas outside FlowCanvas');
  return api;
}
