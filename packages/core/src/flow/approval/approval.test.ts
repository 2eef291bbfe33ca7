import { describe, expect, it } from 'vitest';
import type { ConditionField } from '../../query/conditions.ts';
import { conditionHolds } from '../conditions.ts';
import type { ConditionConf, FlowNode } from '../types.ts';
import example from '../../../../../../shared/reference/examples/approval-flow.json' with { type: 'json' };
import { APPROVAL_NODES, APPROVAL_TEXT, actionableAfter, checkApprovalTree, deadlineOf } from './index.ts';

const tree = example.nodeConfig as unknown as FlowNode;
const fields = new Map<string, ConditionField>([['load_ton', { kind: 'number' }], ['check_note', { kind: 'string' }]]);
const holds = (record: Record<string, unknown>) => (branch: FlowNode) =>
  conditionHolds((branch.conf ?? {}) as ConditionConf, fields, { record, before: null, after: record, now: new Date() });

describe('APPROVAL_NODES', () => {
  it('has a template and a check for every type; templates of approver and cc pass their check once filled', () => {
    for (const def of Object.values(APPROVAL_NODES)) expect(def.template(1).type).toBe(def.type);
    const approver = { nodeId: 'a', ...APPROVAL_NODES[1].template() } as FlowNode;
    expect(APPROVAL_NODES[1].check(approver, { triggerFormId: null })).toBeNull();
    expect(APPROVAL_NODES[1].check({ ...approver, approveType: 7 }, { triggerFormId: null })).toBe(APPROVAL_TEXT.approveType);
    expect(APPROVAL_NODES[1].check({ ...approver, timeLimitHours: -1 }, { triggerFormId: null })).toBe(APPROVAL_TEXT.timeLimit);
    expect(APPROVAL_NODES[1].check({ ...approver, recipient: { type: 1, person: [] } }, { triggerFormId: null })).toBe('请添加指定人');
    expect(APPROVAL_NODES[4].check({ nodeId: 'r', nodeName: '路由', type: 4, conditionNodes: [] }, { triggerFormId: null })).not.toBeNull();
  });

  it('accepts the reference example and refuses unknown approveItems and a flow without approvers', () => {
    expect(checkApprovalTree(tree, new Set(['load_ton', 'check_note']))).toEqual([]);
    expect(checkApprovalTree(tree, new Set(['load_ton'])).map((p) => p.message)).toEqual([APPROVAL_TEXT.approveItem('check_note')]);
    expect(checkApprovalTree({ nodeId: 's', nodeName: '发起人', type: 0, childNode: null }, null).map((p) => p.message)).toEqual([APPROVAL_TEXT.emptyFlow]);
    expect(checkApprovalTree({ nodeId: 's', nodeName: 'x', type: 1 }, null)[0]!.message).toBe(APPROVAL_TEXT.firstNode);
  });
});

describe('actionableAfter', () => {
  it('takes the branch whose condition holds, then what follows the route', () => {
    expect(actionableAfter(tree, 'n-start', holds({ load_ton: 30 }))!.map((n) => n.nodeId)).toEqual(['n-a1', 'n-a2', 'n-cc']);
    expect(actionableAfter(tree, 'n-start', holds({ load_ton: 5 }))!.map((n) => n.nodeId)).toEqual(['n-a3', 'n-cc']);
    expect(actionableAfter(tree, 'n-a1', holds({ load_ton: 5 }))!.map((n) => n.nodeId)).toEqual(['n-a2', 'n-cc']);
    expect(actionableAfter(tree, 'n-cc', holds({}))).toEqual([]);
    expect(actionableAfter(tree, 'nope', holds({}))).toBeNull();
  });
});

describe('deadlineOf', () => {
  it('counts plain hours, or only the hours of working days (weekends and holidays skipped)', () => {
    const fri = new Date(2026, 10, 27, 16, 0); // a Friday
    expect(deadlineOf(fri, 24, false).getTime()).toBe(fri.getTime() + 24 * 3_600_000);
    // 8 h left on Friday, Saturday and Sunday skipped: 16 h into Monday.
    expect(deadlineOf(fri, 24, true)).toEqual(new Date(2026, 10, 30, 16, 0));
    // Monday a holiday, Saturday made a working day.
    const cal = new Map([['2026-11-30', false], ['2026-11-28', true]]);
    expect(deadlineOf(fri, 24, true, cal)).toEqual(new Date(2026, 10, 28, 16, 0));
    expect(deadlineOf(fri, 40, true, cal)).toEqual(new Date(2026, 11, 1, 8, 0));
  });
});
