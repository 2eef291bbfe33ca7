import { describe, expect, it } from 'vitest';
import { AUTOMATION_NODES } from './automation/index.ts';
import { addBranchTo, addNodeAfter, checkContextOf, replaceNode, routeOfBranch } from './edit.ts';
import { moveBranch, removeBranch } from './tree.ts';
import type { FlowNode } from './types.ts';

/** The canvas' registry-driven edits (spec 001 §2.1). */
let n = 0;
const ids = () => `id${++n}`;
const start = (): FlowNode => ({ nodeId: 't', nodeName: '触发器', type: 0, conf: { triggerType: 'form', destId: 7, event: 'insert' }, childNode: null });

describe('canvas edits through the registry', () => {
  it('adds an action named 动作 that keeps the old child, and a route with 条件1 and 条件2', () => {
    n = 0;
    let root = addNodeAfter(start(), 't', AUTOMATION_NODES, 1, ids);
    expect(root.childNode).toMatchObject({ nodeId: 'id1', nodeName: '动作', type: 1, error: true, childNode: null });
    root = addNodeAfter(root, 't', AUTOMATION_NODES, 3, ids);
    const route = root.childNode!;
    expect(route).toMatchObject({ type: 3, nodeName: '路由' });
    expect(route.conditionNodes!.map((b) => [b.nodeName, b.priorityLevel, b.type])).toEqual([['条件1', 1, 2], ['条件2', 2, 2]]);
    // The first branch keeps what followed the trigger.
    expect(route.conditionNodes![0]!.childNode?.nodeId).toBe('id1');
    expect(route.childNode).toBeNull();
    root = addBranchTo(root, route.nodeId, AUTOMATION_NODES, ids);
    expect(root.childNode!.conditionNodes!.map((b) => [b.nodeName, b.priorityLevel])).toEqual([['条件1', 1], ['条件2', 2], ['条件3', 3]]);
    expect(routeOfBranch(root, root.childNode!.conditionNodes![2]!.nodeId)?.nodeId).toBe(route.nodeId);
  });

  it('moves, deletes and collapses branches, renumbering priorities from 1', () => {
    n = 0;
    let root = addNodeAfter(start(), 't', AUTOMATION_NODES, 3, ids);
    const routeId = root.childNode!.nodeId;
    root = addBranchTo(root, routeId, AUTOMATION_NODES, ids);
    const [b1, b2, b3] = root.childNode!.conditionNodes!.map((b) => b.nodeId);
    root = moveBranch(root, routeId, b3!, -1);
    expect(root.childNode!.conditionNodes!.map((b) => [b.nodeId, b.priorityLevel])).toEqual([[b1, 1], [b3, 2], [b2, 3]]);
    root = addNodeAfter(root, b3!, AUTOMATION_NODES, 1, ids);
    root = removeBranch(root, routeId, b1!);
    expect(root.childNode!.conditionNodes!.map((b) => [b.nodeId, b.priorityLevel])).toEqual([[b3, 1], [b2, 2]]);
    root = removeBranch(root, routeId, b2!);
    // One branch left: its chain takes the route's place.
    expect(root.childNode).toMatchObject({ type: 1, nodeName: '动作' });
    expect(root.childNode!.conditionNodes).toBeUndefined();
  });

  it('replaces a node in place, keeping its child and branches', () => {
    n = 0;
    let root = addNodeAfter(start(), 't', AUTOMATION_NODES, 1, ids);
    root = addNodeAfter(root, 'id1', AUTOMATION_NODES, 1, ids);
    const edited = replaceNode(root, 'id1', { nodeName: '通知', conf: { actionType: 'msgTask' }, childNode: null, error: false });
    expect(edited.childNode).toMatchObject({ nodeId: 'id1', nodeName: '通知', error: false, conf: { actionType: 'msgTask' } });
    expect(edited.childNode!.childNode?.nodeId).toBe('id2');
    expect(checkContextOf(edited)).toEqual({ triggerFormId: '7' });
  });
});
