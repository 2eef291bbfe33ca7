import { actionTypeOf, type ActionType, type FlowNode } from '@park/core';
import { formTaskRunner } from './formTask.ts';
import { msgTaskRunner } from './msgTask.ts';
import type { ActionRunner } from './types.ts';

/** One runner per action type (spec 001 §3.3), exhaustively over core's ActionType. */
export const ACTION_RUNNERS: Record<ActionType, ActionRunner> = {
  formTask: formTaskRunner,
  msgTask: msgTaskRunner,
};

/** The runner of the action type an action node names; null when it names none. */
export function runnerOf(node: FlowNode): ActionRunner | null {
  const type = actionTypeOf(node);
  return type ? ACTION_RUNNERS[type] : null;
}
