import { describe, expect, it } from 'vitest';
import example from '../../../../../shared/reference/examples/automation-flow.json' with { type: 'json' };
import { AUTOMATION_NODES } from './automation/index.ts';
import { checkFlowTree, flagErrors } from './check.ts';
import { addNodeAfter, replaceNode } from './edit.ts';
import type { FlowNode } from './types.ts';

/**
 * What the designer saves is spec 001 §3's node tree: the reference flow built the way the canvas
 * and its drawers build it (a new trigger, + 条件分支, + 动作 three times, each drawer's 保存
 * replacing the node's title and conf) is, without its node ids and display flags, the reference
 * JSON itself, and passes the save checks the server runs.
 */
const strip = (node: FlowNode | null | undefined): unknown => {
  if (!node) return null;
  const { nodeId: _id, error: _error, childNode, conditionNodes, ...rest } = node;
  return { ...rest, ...(conditionNodes ? { conditionNodes: conditionNodes.map(strip) } : {}), childNode: strip(childNode) };
};

describe('the designer saves the spec node tree', () => {
  it('builds the reference flow through the canvas operations', () => {
    const ref = example.nodeConfig as unknown as FlowNode;
    const route = ref.childNode!;
    const [b1, b2] = route.conditionNodes!;
    const a1 = b1!.childNode!;
    const a2 = a1.childNode!;
    const a3 = a2.childNode!;
    let n = 0;
    const ids = () => `id${++n}`;

    // A new flow: the trigger template, flagged.
    let root = flagErrors({ ...AUTOMATION_NODES[0].template(), nodeId: 't' } as FlowNode, AUTOMATION_NODES);
    expect(root.error).toBe(true);
    root = replaceNode(root, 't', { conf: ref.conf, error: false });
    root = addNodeAfter(root, 't', AUTOMATION_NODES, 3, ids);
    const [c1, c2] = root.childNode!.conditionNodes!.map((b) => b.nodeId);
    root = replaceNode(root, c1!, { conf: b1!.conf });
    root = addNodeAfter(root, c1!, AUTOMATION_NODES, 1, ids);
    const firstAction = root.childNode!.conditionNodes![0]!.childNode!.nodeId;
    root = replaceNode(root, firstAction, { nodeName: a1.nodeName, conf: a1.conf, error: false });
    root = addNodeAfter(root, firstAction, AUTOMATION_NODES, 1, ids);
    const second = root.childNode!.conditionNodes![0]!.childNode!.childNode!.nodeId;
    root = replaceNode(root, second, { nodeName: a2.nodeName, conf: a2.conf, error: false });
    root = addNodeAfter(root, second, AUTOMATION_NODES, 1, ids);
    const third = root.childNode!.conditionNodes![0]!.childNode!.childNode!.childNode!.nodeId;
    root = replaceNode(root, third, { nodeName: a3.nodeName, conf: a3.conf, error: false });

    expect(strip(JSON.parse(JSON.stringify(root)) as FlowNode)).toEqual(strip(ref));
    expect(root.childNode!.conditionNodes![1]!.nodeId).toBe(c2);
    expect(strip(root.childNode!.conditionNodes![1]!)).toEqual(strip(b2!));
    expect(checkFlowTree(root, AUTOMATION_NODES, 0)).toEqual([]);
    // Every node has a distinct id the server keeps.
    const all = JSON.stringify(root).match(/"nodeId":"[^"]+"/g) ?? [];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(7);
  });
});
