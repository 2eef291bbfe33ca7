import { runnerOf } from '../actions/index.ts';
import type { ActionNodeRuntime } from './types.ts';

/** Type 1: the runner of its action type (actions/index.ts, one per core ActionType). */
export const actionRuntime: ActionNodeRuntime = {
  kind: 'action',
  runner: runnerOf,
  async checkForms(node, forms) {
    await runnerOf(node)?.checkForms(node, forms);
  },
};
