import type { ApprovalNodeRuntime } from './types.ts';

/**
 * The initiator (type 0), a route (4) and its branches (3) only steer: core's actionableAfter takes
 * the branch that holds and skips them, so opening one makes nothing and the walk goes on from it.
 */
export const steeringRuntime: ApprovalNodeRuntime = {
  open: async () => false,
  returnable: false,
};
