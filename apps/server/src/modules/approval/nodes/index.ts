import type { ApprovalNodeType, FlowNode } from '@park/core';
import { approverRuntime } from './approver.ts';
import { ccRuntime } from './cc.ts';
import { steeringRuntime } from './steering.ts';
import type { ApprovalNodeRuntime } from './types.ts';

/**
 * The server's runtime of every approval node type, exhaustively over core's ApprovalNodeType (core
 * APPROVAL_NODES and the web's approval canvas are typed over the same keys).
 */
export const APPROVAL_RUNTIMES: Record<ApprovalNodeType, ApprovalNodeRuntime> = {
  0: steeringRuntime,
  1: approverRuntime,
  2: ccRuntime,
  3: steeringRuntime,
  4: steeringRuntime,
};

/** A node's runtime; a type the registry does not know steers (makes nothing), as a saved tree cannot hold one (checkApprovalTree). */
export function approvalRuntimeOf(node: FlowNode): ApprovalNodeRuntime {
  return Object.hasOwn(APPROVAL_RUNTIMES, node.type) ? APPROVAL_RUNTIMES[node.type as ApprovalNodeType] : steeringRuntime;
}

export type { ApprovalNodeRuntime } from './types.ts';
