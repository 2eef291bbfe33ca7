import { fieldCondition, type ConditionConf } from '@park/core';
import { asCheck } from '../saveChecks.ts';
import type { StepNodeRuntime } from './types.ts';

/** Type 2: a branch on the path held (the path is decided before anything runs). */
export const conditionRuntime: StepNodeRuntime = {
  kind: 'step',
  output: () => ({ matched: true }),
  // Its fields and match types must be the trigger form's.
  checkForms: async (node, forms) => void asCheck(() => fieldCondition((node.conf ?? {}) as ConditionConf, forms.trigger.main.queryColumns)),
};
