import { describe, expect, it } from 'vitest';
import type { FlowNode } from '../../../flow/types.ts';
import { flowRoleCodes, localFlowTree, portableFlowTree, sameFlowTree } from './tree.ts';

const who = (r: Record<string, unknown>) => ({ person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [], ...r });
const tree = (recipient: Record<string, unknown>): FlowNode => ({ nodeId: 's', nodeName: '发起人', type: 0, childNode: { nodeId: 'a', nodeName: '审批', type: 1, recipient, childNode: null } });
const recipientOf = (t: FlowNode) => t.childNode!.recipient as Record<string, unknown>;

describe('approval flows in a package (issue 41 part 2)', () => {
  it('roles travel by code and come back as the target ids', () => {
    const out = portableFlowTree(tree(who({ type: 0, role: [{ roleId: 7, roleName: '园区管理员' }] })), (id) => (id === '7' ? 'park_admin' : null));
    expect(recipientOf(out.tree).role).toEqual([{ roleId: '@role:park_admin', roleName: '园区管理员' }]);
    expect(out.notes).toEqual([]);
    expect(flowRoleCodes(out.tree)).toEqual(['park_admin']);
    const back = localFlowTree(out.tree, (code) => (code === 'park_admin' ? '42' : null));
    expect(recipientOf(back.tree).role).toEqual([{ roleId: '42', roleName: '园区管理员' }]);
    expect(localFlowTree(out.tree, () => null).missingRoles).toEqual(['park_admin']);
  });

  it('drops individual users with a note; an approver left with nobody falls back to 直属主管', () => {
    const out = portableFlowTree(tree(who({ type: 1, person: [{ id: 5, name: '张三' }] })), () => null);
    expect(recipientOf(out.tree)).toMatchObject({ type: 2, leader: 1, person: [] });
    expect(out.notes).toEqual(['节点「审批」指定的人员（张三）不随应用包导出', '节点「审批」导入后改为发起人的直属主管，请在流程设计中重新指定']);
  });

  it('compares trees whatever their key order (jsonb reorders keys)', () => {
    const a = tree(who({ type: 2, leader: 1 }));
    const reversed = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reversed) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;
    const b = reversed(a) as FlowNode;
    expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
    expect(sameFlowTree(a, b)).toBe(true);
    expect(sameFlowTree(a, tree(who({ type: 2, leader: 2 })))).toBe(false);
  });
});
