import { ConditionError } from '@park/core';
import { badRequest } from '../../plugins/errors.ts';
import type { FormModel } from '../form/index.ts';

/** The forms a flow's save checks read: the trigger's, and any other a node names. */
export interface FlowForms {
  trigger: FormModel;
  load(formId: string): Promise<FormModel>;
}

/** Runs a core condition compile, turning its refusal into a 400 with its message. */
export function asCheck<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof ConditionError) throw badRequest(err.message);
    throw err;
  }
}
