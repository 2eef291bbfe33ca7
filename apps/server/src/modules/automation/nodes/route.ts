import type { StepNodeRuntime } from './types.ts';

/** Type 3: its step names the branch taken (null: none held, the route's own child runs on). */
export const routeRuntime: StepNodeRuntime = {
  kind: 'step',
  output(node, { path }) {
    const chosen = (node.conditionNodes ?? []).find((b) => path.includes(b));
    return { branch: chosen ? { nodeId: chosen.nodeId, nodeName: chosen.nodeName } : null };
  },
  checkForms: async () => undefined,
};
