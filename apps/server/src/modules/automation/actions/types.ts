import type { Kysely } from 'kysely';
import type { Directory, FlowNode } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { FormModel, RecordActor, RecordService } from '../../form/index.ts';
import type { FlowForms } from '../saveChecks.ts';

/** What an action reads: the trigger event, the flow, and who it acts as. */
export interface ActionContext {
  flowId: string;
  flowName: string;
  executionId: string | null;
  /** Depth of the trigger event: this action's writes are one level deeper. */
  depth: number;
  /** The trigger record as the flow reads it (after the change; before it for a delete). */
  record: Readonly<Record<string, unknown>>;
  formId: string;
  recordId: string;
  initiatorId: string | null;
  actor: RecordActor;
  /** The form module's records API: every record this action writes or reads goes through it. */
  records: RecordService;
  loadForm(formId: string): Promise<FormModel>;
  directory(db: Kysely<Database>): Directory;
}

export type StepOutput = Record<string, unknown>;

/**
 * One action kind (spec 001 §3.3). `run` makes its effects inside the node's transaction; `plan`
 * says what they would be (dry run) and writes nothing.
 */
export interface ActionRunner {
  run(trx: Kysely<Database>, node: FlowNode, ctx: ActionContext): Promise<StepOutput>;
  plan(db: Kysely<Database>, node: FlowNode, ctx: ActionContext): Promise<StepOutput>;
  /**
   * Runs the node for several executions (in order) in one transaction with fewer round trips
   * than `run` for each; null when this node cannot be run so (the engine then runs them one by one).
   */
  runGroup?(trx: Kysely<Database>, node: FlowNode, ctxs: ActionContext[]): Promise<StepOutput[] | null>;
  /** Forms it writes, for the cycle warning. */
  writesForms(node: FlowNode): string[];
  /** The save's check against the forms it names (throws a 400 naming what is missing). */
  checkForms(node: FlowNode, forms: FlowForms): Promise<void>;
}
