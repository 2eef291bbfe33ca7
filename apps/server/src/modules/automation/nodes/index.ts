import { FLOW_TEXT, type AutomationNodeType, type FlowNode } from '@park/core';
import type { ActionRunner } from '../actions/types.ts';
import { FlowFailure } from '../errors.ts';
import { actionRuntime } from './action.ts';
import { conditionRuntime } from './condition.ts';
import { routeRuntime } from './route.ts';
import { triggerRuntime } from './trigger.ts';
import type { AutomationNodeRuntime } from './types.ts';

/**
 * The server's runtime of every automation node type, exhaustively over core's AutomationNodeType
 * (core AUTOMATION_NODES and the web's AUTOMATION_CANVAS are typed over the same keys), so a new
 * type fails to compile until all three handle it.
 */
export const AUTOMATION_RUNTIMES: Record<AutomationNodeType, AutomationNodeRuntime> = {
  0: triggerRuntime,
  1: actionRuntime,
  2: conditionRuntime,
  3: routeRuntime,
};

const lookup = (node: FlowNode): AutomationNodeRuntime | undefined =>
  Object.hasOwn(AUTOMATION_RUNTIMES, node.type) ? AUTOMATION_RUNTIMES[node.type as AutomationNodeType] : undefined;

/** A node's runtime. A type the registry does not know fails the execution rather than passing as a success. */
export function runtimeOf(node: FlowNode): AutomationNodeRuntime {
  const runtime = lookup(node);
  if (!runtime) throw new FlowFailure(FLOW_TEXT.unknownNode(node.type));
  return runtime;
}

/** Whether the node makes effects (runs in a transaction of its own) rather than only recording its step. */
export const hasEffects = (node: FlowNode): boolean => runtimeOf(node).kind === 'action';

/** The action runner of an action node; null for any other node (an unknown one too) and for an action naming no type. */
export function actionRunnerOf(node: FlowNode): ActionRunner | null {
  const runtime = lookup(node);
  return runtime?.kind === 'action' ? runtime.runner(node) : null;
}

export type { AutomationNodeRuntime, StepSource } from './types.ts';
