/** What the cycle check needs of a flow: the form it listens to and the forms its actions write. */
export interface FlowEdges {
  id: string;
  name: string;
  triggerFormId: string;
  writesFormIds: readonly string[];
}

/**
 * Cycles among flows through the forms they write (flow A on X writes Y, flow B on Y writes X):
 * each cycle as the flow names in order, starting from `startId`. Saving warns with these; at run
 * time the depth limit stops them.
 */
export function findFlowCycles(flows: readonly FlowEdges[], startId: string): string[][] {
  const byTrigger = new Map<string, FlowEdges[]>();
  for (const f of flows) byTrigger.set(f.triggerFormId, [...(byTrigger.get(f.triggerFormId) ?? []), f]);
  const start = flows.find((f) => f.id === startId);
  if (!start) return [];
  const cycles: string[][] = [];
  const path: FlowEdges[] = [];
  const onPath = new Set<string>();
  const visit = (flow: FlowEdges) => {
    if (cycles.length >= 5) return;
    path.push(flow);
    onPath.add(flow.id);
    for (const form of flow.writesFormIds) {
      for (const next of byTrigger.get(form) ?? []) {
        if (next.id === startId) cycles.push([...path.map((f) => f.name), start.name]);
        else if (!onPath.has(next.id)) visit(next);
      }
    }
    path.pop();
    onPath.delete(flow.id);
  };
  visit(start);
  return cycles;
}
