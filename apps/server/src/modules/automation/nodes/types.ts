import type { FlowNode } from '@park/core';
import type { ActionRunner, StepOutput } from '../actions/types.ts';
import type { ClaimedExecution } from '../repo.ts';
import type { FlowForms } from '../saveChecks.ts';

/** What a step-only node's output is read from: the execution (its event) and the path it took. */
export interface StepSource {
  exec: Pick<ClaimedExecution, 'event' | 'record_id' | 'event_id'>;
  path: readonly FlowNode[];
}

interface RuntimeBase {
  /** The save's check against the forms the node names (fields, match types); throws a 400. */
  checkForms(node: FlowNode, forms: FlowForms): Promise<void>;
}

/** A node without effects (trigger, condition, route): only its step is recorded, with this output. */
export interface StepNodeRuntime extends RuntimeBase {
  kind: 'step';
  output(node: FlowNode, source: StepSource): StepOutput;
}

/**
 * A node with effects (an action): they run in a transaction of their own with its step, through
 * the runner of the action type it names (null when it names none: the execution fails).
 */
export interface ActionNodeRuntime extends RuntimeBase {
  kind: 'action';
  runner(node: FlowNode): ActionRunner | null;
}

/** What the server does with one automation node type (the server half of core's AUTOMATION_NODES). */
export type AutomationNodeRuntime = StepNodeRuntime | ActionNodeRuntime;
