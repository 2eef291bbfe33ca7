import { describe, expect, it } from 'vitest';
import type { ConditionField } from '../query/conditions.ts';
import { AUTOMATION_NODES } from './automation/index.ts';
import { checkFlowTree, flagErrors } from './check.ts';
import { conditionHolds, fieldUpdateHolds, filterCondition, MATCHES_NOTHING } from './conditions.ts';
import { findFlowCycles } from './cycles.ts';
import { FLOW_TEXT } from './messages.ts';
import { planPath } from './path.ts';
import { checkRecipient } from './recipientCheck.ts';
import { idsOfValue, resolveRecipients, type Directory } from './recipients.ts';
import { addBranch, findNode, insertAfter, insertRoute, moveBranch, removeBranch, removeNode, walkNodes, withNodeIds } from './tree.ts';
import type { ConditionConf, FlowNode } from './types.ts';
import { applyCalculation, columnValue, renderTemplate, resolveExpression } from './variables.ts';
import { matchesCondition } from '../query/evaluate.ts';
import { parseConditions } from '../query/conditions.ts';

const fields = new Map<string, ConditionField>([
  ['name', { kind: 'string' }],
  ['load', { kind: 'number' }],
  ['day', { kind: 'date' }],
  ['tags', { kind: 'string' }],
]);

function trigger(child: FlowNode | null = null): FlowNode {
  return { nodeId: 't', nodeName: '触发器', type: 0, conf: { triggerType: 'form', destId: 1, event: 'insert' }, childNode: child };
}
const action = (id: string, child: FlowNode | null = null): FlowNode => ({
  nodeId: id,
  nodeName: id,
  type: 1,
  conf: { actionType: 'msgTask', title: 't', content: 'c', menuUrl: '/m', recipient: { type: 3 } },
  childNode: child,
});
const branch = (id: string, priority: number, conf: ConditionConf = {}, child: FlowNode | null = null): FlowNode => ({
  nodeId: id,
  nodeName: `条件${priority}`,
  type: 2,
  priorityLevel: priority,
  conf,
  childNode: child,
});

describe('the flow tree', () => {
  const make = { route: () => ({ nodeId: 'r', nodeName: '路由', type: 3 }), branch: (p: number) => ({ nodeId: `b${p}`, nodeName: `条件${p}`, type: 2, priorityLevel: p }) };

  it('adds an action that keeps the old child, and a route whose first branch keeps it', () => {
    const t1 = insertAfter(trigger(action('a')), 't', action('new'));
    expect([...walkNodes(t1)].map((n) => n.nodeId)).toEqual(['t', 'new', 'a']);
    const t2 = insertRoute(t1, 't', make);
    const route = t2.childNode!;
    expect(route.type).toBe(3);
    expect(route.conditionNodes!.map((b) => [b.nodeName, b.priorityLevel])).toEqual([['条件1', 1], ['条件2', 2]]);
    expect(route.conditionNodes![0]!.childNode!.nodeId).toBe('new');
    expect(route.childNode).toBeNull();
  });

  it('moves branches and renumbers priorities from 1; deleting to one branch collapses the route', () => {
    let t = insertRoute(trigger(action('a')), 't', make);
    t = addBranch(t, 'r', (p) => make.branch(p));
    t = moveBranch(t, 'r', 'b3', -1);
    expect(findNode(t, 'r')!.conditionNodes!.map((b) => `${b.nodeId}:${b.priorityLevel}`)).toEqual(['b1:1', 'b3:2', 'b2:3']);
    t = removeBranch(t, 'r', 'b3');
    expect(findNode(t, 'r')!.conditionNodes!.map((b) => `${b.nodeId}:${b.priorityLevel}`)).toEqual(['b1:1', 'b2:2']);
    t = removeBranch(t, 'r', 'b2');
    // b1's chain (action a) merges into the main chain.
    expect([...walkNodes(t)].map((n) => n.nodeId)).toEqual(['t', 'a']);
  });

  it('removes a node, keeping what follows; assigns missing ids and keeps given ones', () => {
    expect([...walkNodes(removeNode(trigger(action('a', action('b'))), 'a'))].map((n) => n.nodeId)).toEqual(['t', 'b']);
    const t = withNodeIds({ ...trigger(), childNode: { nodeName: 'x', type: 1 } as FlowNode });
    expect(t.nodeId).toBe('t');
    expect(t.childNode!.nodeId).toMatch(/^n-/);
  });

  it('plans the path: branches by priority, the first that holds, then what follows the route', () => {
    const route: FlowNode = {
      nodeId: 'r', nodeName: '路由', type: 3,
      conditionNodes: [branch('b2', 2, {}, action('other')), branch('b1', 1, {}, action('first'))],
      childNode: action('after'),
    };
    const path = planPath(trigger(route), (b) => b.nodeId === 'b2');
    expect(path.map((n) => n.nodeId)).toEqual(['t', 'r', 'b2', 'other', 'after']);
    expect(planPath(trigger(route), () => true).map((n) => n.nodeId)).toEqual(['t', 'r', 'b1', 'first', 'after']);
  });
});

describe('save checks (spec 001 §5)', () => {
  const check = (root: FlowNode) => checkFlowTree(root, AUTOMATION_NODES, 0).map((p) => p.message);

  it('refuses an incomplete trigger with the spec messages', () => {
    expect(check({ ...trigger(), conf: {} })).toEqual([FLOW_TEXT.triggerType]);
    expect(check({ ...trigger(), conf: { triggerType: 'form' } })).toEqual([FLOW_TEXT.triggerForm]);
    expect(check({ ...trigger(), conf: { triggerType: 'form', destId: 3 } })).toEqual([FLOW_TEXT.triggerEvent]);
    expect(check(action('a'))).toEqual([FLOW_TEXT.firstNode]);
  });

  it('refuses incomplete actions', () => {
    const form = (conf: Record<string, unknown>) => check(trigger({ nodeId: 'a', nodeName: '动作', type: 1, conf: { actionType: 'formTask', ...conf } }));
    expect(check(trigger({ nodeId: 'a', nodeName: '动作', type: 1, conf: {} }))).toEqual(['请选择动作类型']);
    expect(form({ action: '' })).toEqual(['请选择动作']);
    expect(form({ action: 'insert', formConf: {} })).toEqual(['请选择表单']);
    expect(form({ action: 'insert', formConf: { formId: 1 } })).toEqual(['你选择表单和触发器相同，请重新选择']);
    expect(form({ action: 'update', formConf: { formId: 2, filter: [] } })).toEqual(['请设置主表单条件']);
    expect(form({ action: 'delete', formConf: { formId: 2, filter: [{ model: 'x', conds: [{ matchType: '$eq' }] }] } })).toEqual(['请检查添加条件是否正确']);
    const filter = [{ model: 'x', condType: 0, conds: [{ matchType: '$eq', value: '1' }] }];
    expect(form({ action: 'update', formConf: { formId: 2, filter, columns: [{ model: 'n', cType: 'input_number', name: '数量', value: '' }] } })).toEqual(['请输入数量']);
    expect(form({ action: 'update', formConf: { formId: 2, filter, columns: [{ model: 'n', cType: 'input', value: 'a' }] } })).toEqual(['请选择条件']);
    expect(form({ action: 'update', formConf: { formId: 2, filter, subTable: [{ key: 's', operate: 'update', filter: [] }] } })).toEqual(['请设置子表单条件']);
    expect(form({ action: 'insert', formConf: { formId: 2, subTable: [{ key: 's', operate: 'insert', columns: [] }] } })).toEqual([]);
    const msg = (conf: Record<string, unknown>) => check(trigger({ nodeId: 'm', nodeName: '消息', type: 1, conf: { actionType: 'msgTask', title: 't', content: 'c', menuUrl: '/u', recipient: { type: 3 }, ...conf } }));
    expect(msg({ title: '' })).toEqual(['请输入标题']);
    expect(msg({ content: ' ' })).toEqual(['请输入内容']);
    // 跳转地址 is optional (issue 42).
    expect(msg({ menuUrl: '' })).toEqual([]);
    expect(msg({ menuUrl: undefined })).toEqual([]);
    expect(msg({})).toEqual([]);
  });

  it('checks recipients per type (§5.4)', () => {
    expect(checkRecipient({ type: 0, role: [] })).toBe('请添加角色');
    expect(checkRecipient({ type: 1 })).toBe('请添加指定人');
    expect(checkRecipient({ type: 2 })).toBe('请添加主管');
    expect(checkRecipient({ type: 2, leader: 6 })).toBe('请添加主管');
    expect(checkRecipient({ type: 2, leader: 3 })).toBeNull();
    expect(checkRecipient({ type: 4 })).toBe('请选择表单信息');
    expect(checkRecipient({ type: 5, orgAndRole: [{ orgId: '', roleId: 2 }] })).toBe('请选择组织');
    expect(checkRecipient({ type: 5, orgAndRole: [] })).toBe('请选择角色');
    expect(checkRecipient({ type: 6, dyncUserAndRole: [{ model: '', roleId: 1 }] })).toBe('请选择表单中字段');
    expect(checkRecipient({ type: 8, dyncOrgAndRole: [{ model: 'd', roleId: '' }] })).toBe('请选择角色');
    expect(checkRecipient({ type: 9, conditions: [{ key: '', opt: '$eq', value: 1 }] })).toBe('请选择条件组1字段');
    expect(checkRecipient({ type: 9, conditions: [{ key: 'a', opt: '$eq', value: 1 }, { key: 'b', opt: '', value: 1 }] })).toBe('请选择条件组2条件');
    expect(checkRecipient({ type: 12 })).toBe('请选择消息接收人');
  });

  it('checks conditions and field-update conditions (§5.5), and routes need two branches', () => {
    const cond = (conf: ConditionConf) =>
      check(trigger({ nodeId: 'r', nodeName: '路由', type: 3, conditionNodes: [branch('b1', 1, conf), branch('b2', 2)], childNode: null }));
    const one = (c: Record<string, unknown>) => ({ condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [c] }] } } });
    expect(cond(one({ model: 'day', matchType: '$theDay' }))).toEqual([]);
    expect(cond(one({ model: 'day', matchType: '$null' }))).toEqual([]);
    expect(cond(one({ model: 'day', matchType: '$dayAgo', value: 'x' }))).toEqual(['相对日期条件请输入整数']);
    expect(cond(one({ model: 'name', matchType: '$eq', value: '' }))).toEqual(['请检查添加条件是否正确']);
    expect(cond({ condition: { fieldUpdateConds: [{ model: 'name', updateWay: '1', beforeValue: 'a' }] } })).toEqual(['请完善字段更新条件']);
    expect(cond({ condition: { fieldUpdateConds: [{ model: 'name', updateWay: '2' }] } })).toEqual(['请完善字段更新条件']);
    expect(check(trigger({ nodeId: 'r', nodeName: '路由', type: 3, conditionNodes: [branch('b1', 1)] }))).toEqual(['路由至少需要两个条件分支']);
    expect(flagErrors(trigger({ nodeId: 'a', nodeName: '动作', type: 1, conf: {} }), AUTOMATION_NODES).childNode!.error).toBe(true);
  });
});

describe('conditions over a record and a change', () => {
  const now = new Date(2026, 10, 25, 10, 0, 0);
  const row = { name: '危化品运输车', load: '12.5', day: '2026-11-20', tags: 'a,b', empty: '' };
  const holds = (model: string, matchType: string, value?: unknown) =>
    matchesCondition(parseConditions({ condType: 'single', model, matchType, value }, new Map([...fields, ['empty', { kind: 'string' }]]))!, row, now);

  it('decides every match type of §3.6 as the SQL does', () => {
    expect([holds('load', '$eq', 12.5), holds('load', '$neq', 12.5), holds('load', '$gt', 12), holds('load', '$gte', 12.5), holds('load', '$lt', 13), holds('load', '$lte', 12)]).toEqual([true, false, true, true, true, false]);
    expect([holds('name', '$eq', '危化品运输车'), holds('name', '$like', '运输'), holds('name', '$nlike', '运输'), holds('name', '$hlike', '危化'), holds('name', '$neq', 'x')]).toEqual([true, true, false, true, true]);
    expect([holds('name', '$null'), holds('name', '$notnull'), holds('empty', '$empty'), holds('name', '$empty'), holds('empty', '$null')]).toEqual([false, true, true, false, false]);
    expect(holds('tags', '$all', 'a,b')).toBe(true);
    expect(holds('tags', '$all', 'a,c')).toBe(false);
    expect([holds('day', '$gt', '2026-11-19'), holds('day', '$lte', '2026-11-20'), holds('day', '$eq', '2026-11-20')]).toEqual([true, true, true]);
  });

  it('decides the relative dates around today', () => {
    expect(holds('day', '$dayAgo', 7)).toBe(true);
    expect(holds('day', '$dayAgo', 3)).toBe(false);
    expect(holds('day', '$weekAgo', 1)).toBe(true);
    expect(holds('day', '$monthAgo', 1)).toBe(true);
    expect(holds('day', '$theDay', -5)).toBe(true);
    expect(holds('day', '$theDay', 0)).toBe(false);
    expect(holds('day', '$dayAfter', 3)).toBe(false);
    expect(holds('day', '$weekAfter', 1)).toBe(false);
    expect(holds('day', '$monthAfter', 1)).toBe(false);
  });

  it('joins groups with and/or and nested field groups', () => {
    const conf = (relation: string, a: unknown, b: unknown): ConditionConf => ({
      condition: { fieldConds: { condType: relation, conditions: [{ condType: 'and', conds: [a as never] }, { condType: 'and', conds: [b as never] }] } },
    });
    const yes = { model: 'load', matchType: '$gt', value: 10 };
    const no = { model: 'name', matchType: '$eq', value: '别的' };
    const change = { record: row, before: null, after: row, now };
    expect(conditionHolds(conf('and', yes, no), fields, change)).toBe(false);
    expect(conditionHolds(conf('or', yes, no), fields, change)).toBe(true);
    const nested = { condType: 'or', groups: [no, { model: 'name', matchType: '$like', value: '运输' }] };
    expect(conditionHolds(conf('and', yes, nested), fields, change)).toBe(true);
    expect(conditionHolds({}, fields, change)).toBe(true);
  });

  it('reads field-update conditions over before and after', () => {
    const before = { state: '待审', n: '1' };
    const after = { state: '通过', n: '1' };
    expect(fieldUpdateHolds({ model: 'state', updateWay: '0' }, before, after)).toBe(true);
    expect(fieldUpdateHolds({ model: 'n', updateWay: '0' }, before, after)).toBe(false);
    expect(fieldUpdateHolds({ model: 'state', updateWay: '1', beforeValue: '待审', afterValue: '通过' }, before, after)).toBe(true);
    expect(fieldUpdateHolds({ model: 'state', updateWay: '1', beforeValue: '草稿', afterValue: '通过' }, before, after)).toBe(false);
    expect(fieldUpdateHolds({ model: 'state', updateWay: '2', assignValue: '通过' }, before, after)).toBe(true);
    expect(fieldUpdateHolds({ model: 'state', updateWay: '2', assignValue: '驳回' }, before, after)).toBe(false);
  });

  it('builds filters with variables, and matches nothing when a variable is empty', () => {
    const items = [{ model: 'name', condType: 0, conds: [{ matchType: '$eq', value: '${company}', valueType: 1 }] }];
    expect(filterCondition(items, fields, { company: '甲公司' })).toMatchObject({ kind: 'leaf', key: 'name', values: ['甲公司'] });
    expect(filterCondition(items, fields, { company: '' })).toBe(MATCHES_NOTHING);
    const or = [{ model: 'load', condType: 1, conds: [{ matchType: '$lt', value: 1 }, { matchType: '$gt', value: 'limit', valueType: 1 }] }];
    expect(filterCondition(or, fields, { limit: '9' })).toMatchObject({ kind: 'group', relation: 'or' });
    expect(() => filterCondition([{ model: 'nope', conds: [{ matchType: '$eq', value: 1 }] }], fields, {})).toThrow('查询条件字段不存在');
  });
});

describe('variables, formulas and calculations', () => {
  const vars = { plate: '鄂E12345', load: '12.5', n: 4 };
  it('renders ${vars} and evaluates formulas without eval', () => {
    expect(renderTemplate('车辆 ${plate} 载 ${load} 吨，${missing}', vars)).toBe('车辆 鄂E12345 载 12.5 吨，');
    expect(resolveExpression('${load}', vars)).toBe('12.5');
    expect(resolveExpression('${load} * 2 + ${n}', vars)).toBe(29);
    expect(() => resolveExpression('${plate} * 2', vars)).toThrow('不是数字');
    expect(columnValue({ model: 'x', type: '0', value: '${load}' }, vars)).toBe('${load}');
    expect(columnValue({ model: 'x', type: '1', value: '${load}' }, vars)).toBe('12.5');
  });
  it('applies plus, subtract, multiply, divide and equal to the current value', () => {
    expect(applyCalculation('subtract', '100', '12.5')).toBe(87.5);
    expect(applyCalculation('plus', null, 3)).toBe(3);
    expect(applyCalculation('multiply', '0.1', '3')).toBe(0.3);
    expect(applyCalculation('divide', '9', '3')).toBe(3);
    expect(() => applyCalculation('divide', '9', '0')).toThrow('除数不能为 0');
    expect(applyCalculation('equal', '9', 'x')).toBe('x');
  });
});

describe('recipients (types 0–9, supervisor levels)', () => {
  // 1 root (leader 10) > 2 安全监管科 (leader 20) > 3 一组 (leader 30, no one above 1)
  const orgs: Record<string, { parentId: string | null; leaderId: string | null }> = {
    '1': { parentId: null, leaderId: '10' },
    '2': { parentId: '1', leaderId: '20' },
    '3': { parentId: '2', leaderId: '30' },
    '4': { parentId: '3', leaderId: null },
  };
  const members: Record<string, string[]> = { '1': ['10'], '2': ['20', '21'], '3': ['30', '31'], '4': ['40'] };
  const roles: Record<string, string[]> = { '10': ['r1'], '20': ['r2'], '21': ['r2'], '31': ['r2'], '40': ['r2'] };
  const dir: Directory = {
    usersWithRoles: async (ids) => Object.keys(roles).filter((u) => roles[u]!.some((r) => ids.includes(r))),
    usersInOrgs: async (ids) => ids.flatMap((o) => members[o] ?? []),
    usersInOrgsWithRole: async (ids, role) => ids.flatMap((o) => members[o] ?? []).filter((u) => roles[u]?.includes(role)),
    // Users 21 and 31 work for company 7, user 40 for company 8.
    usersOfCompaniesWithRole: async (ids, role) => Object.entries({ '21': '7', '31': '7', '40': '8' }).filter(([u, c]) => ids.includes(c) && roles[u]?.includes(role)).map(([u]) => u),
    orgsOfUsers: async (users) => Object.keys(members).filter((o) => members[o]!.some((u) => users.includes(u))),
    org: async (id) => orgs[id] ?? null,
  };
  const record = { reviewer: '31', reviewers: '[{"k":"20","v":"乙"},{"k":"21","v":"丙"}]', dept: '3', level: '高', receiver: '7' };
  const resolve = (r: Record<string, unknown>, initiatorId: string | null = '40') => resolveRecipients(r as never, { record, initiatorId }, dir);

  it('resolves each type', async () => {
    expect(await resolve({ type: 0, role: [{ roleId: 'r1' }] })).toEqual(['10']);
    expect(await resolve({ type: 1, person: [{ id: 21, type: 1 }, { id: 3, type: 0 }] })).toEqual(['21', '30', '31']);
    expect(await resolve({ type: 3 })).toEqual(['40']);
    expect(await resolve({ type: 4, model: 'reviewers' })).toEqual(['20', '21']);
    expect(await resolve({ type: 5, orgAndRole: [{ orgId: 2, roleId: 'r2' }] })).toEqual(['20', '21']);
    expect(await resolve({ type: 6, dyncUserAndRole: [{ model: 'reviewer', roleId: 'r2' }] })).toEqual(['31']);
    expect(await resolve({ type: 7, cuserOrgAndRole: [{ roleId: 'r2' }] })).toEqual(['40']);
    // The company in the record's 企业 field: its users with the role, not company 8's.
    expect(await resolve({ type: 10, dyncCompanyAndRole: [{ model: 'receiver', roleId: 'r2' }] })).toEqual(['21', '31']);
    expect(await resolve({ type: 10, dyncCompanyAndRole: [{ model: 'missing', roleId: 'r2' }] })).toEqual([]);
    expect(await resolve({ type: 8, dyncOrgAndRole: [{ model: 'dept', roleId: 'r2' }] })).toEqual(['31']);
    expect(await resolve({ type: 9, conditions: [{ key: 'level', opt: '$eq', value: '高' }], person: [{ id: 10, type: 1 }] })).toEqual(['10']);
    expect(await resolve({ type: 9, conditions: [{ key: 'level', opt: '$eq', value: '低' }], person: [{ id: 10, type: 1 }] })).toEqual([]);
  });

  it('walks supervisor levels 1–5 upwards, passing organisations without a leader', async () => {
    // 40 is in org 4 (no leader): level 1 is 30, level 2 is 20, level 3 is 10, level 4 none.
    expect(await resolve({ type: 2, leader: 1 })).toEqual(['30']);
    expect(await resolve({ type: 2, leader: 2 })).toEqual(['20']);
    expect(await resolve({ type: 2, leader: 3 })).toEqual(['10']);
    expect(await resolve({ type: 2, leader: 4 })).toEqual([]);
    // A leader's own supervisor is the next leader up.
    expect(await resolve({ type: 2, leader: 1 }, '30')).toEqual(['20']);
    expect(await resolve({ type: 2, leader: 1 }, null)).toEqual([]);
  });

  it('reads ids from every picker shape', () => {
    expect(idsOfValue('5')).toEqual(['5']);
    expect(idsOfValue('5,6')).toEqual(['5', '6']);
    expect(idsOfValue([{ k: '7', v: 'x' }])).toEqual(['7']);
    expect(idsOfValue('not an id')).toEqual([]);
  });
});

describe('cycles between flows', () => {
  it('finds flows that trigger each other round in a circle', () => {
    const flows = [
      { id: 'a', name: '甲', triggerFormId: 'X', writesFormIds: ['Y'] },
      { id: 'b', name: '乙', triggerFormId: 'Y', writesFormIds: ['X'] },
      { id: 'c', name: '丙', triggerFormId: 'Y', writesFormIds: ['Z'] },
    ];
    expect(findFlowCycles(flows, 'a')).toEqual([['甲', '乙', '甲']]);
    expect(findFlowCycles(flows, 'c')).toEqual([]);
  });
});
