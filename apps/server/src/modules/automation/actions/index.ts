import { formTaskRunner } from './formTask.ts';
import { msgTaskRunner } from './msgTask.ts';
import type { ActionRunner } from './types.ts';

/** One runner per action type (spec 001 §3.3). */
export const ACTION_RUNNERS: Record<'formTask' | 'msgTask', ActionRunner> = {
  formTask: formTaskRunner,
  msgTask: msgTaskRunner,
};

export function runnerOf(actionType: unknown): ActionRunner | null {
  return actionType === 'formTask' || actionType === 'msgTask' ? ACTION_RUNNERS[actionType] : null;
}
