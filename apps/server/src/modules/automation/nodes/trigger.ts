import type { StepNodeRuntime } from './types.ts';

/** Type 0: its step names the event; its input (before and after) is read from form_event when shown rather than copied here. */
export const triggerRuntime: StepNodeRuntime = {
  kind: 'step',
  output: (_node, { exec }) => ({ event: exec.event, recordId: String(exec.record_id), eventId: String(exec.event_id) }),
  // The trigger form itself is checked by the save (it must exist to be loaded).
  checkForms: async () => undefined,
};
