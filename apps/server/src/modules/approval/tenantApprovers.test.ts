import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { tenantWorld, type TenantWorld, type WorldTenant } from '../../../test/tenantWorld.ts';
import { approver, person, supervisor } from './testSupport.ts';

/*
 * Issue 36 (t4): the park designs one approval flow; a tenant's record is approved inside the
 * tenant. A park role's approvers are the tenant's holders of the role of that name, CC people of
 * the park or another tenant are passed over, 发起人's leader is the tenant's, and a node that finds
 * nobody goes to the tenant's 主管理员 — not to the park's administrators. A company's record of a
 * park form handed to nobody keeps the park's approvers.
 */
type Json = Record<string, unknown>;
let t: TestApp;
let w: TenantWorld;

const role = (roleId: string): Json => ({ type: 0, role: [{ roleId: Number(roleId) }], person: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] });
const cc = (nodeId: string, who: Json, child: Json | null): Json => ({ nodeId, nodeName: nodeId, type: 2, recipient: who, childNode: child });
const heavy = (field: string): Json => ({ condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: field, type: 'input_number', dataType: 'Number', matchType: '$gt', value: '20' }] }] }, fieldUpdateConds: [] } });
const otherwise: Json = { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } };

/** 发起人 → 抄送(园区安全员 role) → 抄送(people) → route: 载重 > 20: 审批(park person: nobody) | else 审批(主管). */
function tree(): Json {
  return {
    nodeId: 'start', nodeName: '发起人', type: 0,
    childNode: cc('cc-role', role(w.parkSafetyRole), cc('cc-people', person(w.parkSafety, w.a.lead, w.b.lead), {
      nodeId: 'route', nodeName: '路由', type: 4, childNode: null,
      conditionNodes: [
        { nodeId: 'big', nodeName: '条件1', type: 3, priorityLevel: 1, conf: heavy('load_ton'), childNode: approver('nobody', person(w.parkSafety)) },
        { nodeId: 'small', nodeName: '条件2', type: 3, priorityLevel: 2, conf: otherwise, childNode: approver('leader', supervisor(1), {}, approver('safety', role(w.parkSafetyRole))) },
      ],
    })),
  };
}

async function deploy(formId: number): Promise<void> {
  const modelId = (await t.call(w.admin, 'GET', `/api/flow/flowconf/createmodel?formId=${formId}&formName=x`)).json().modelId as number;
  const saved = await t.call(w.admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: tree() });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  const dep = await t.call(w.admin, 'GET', `/api/flow/deployprocessdef?modelId=${modelId}`);
  expect(dep.json(), dep.body).toMatchObject({ errCode: 0 });
}

/** Submits a record as the tenant's clerk; answers each node's assignees. */
async function assignees(formId: number, x: WorldTenant, fields: Json): Promise<Record<string, number[]>> {
  const res = await t.call(x.clerkCookie, 'POST', `/api/form/startformflow/${formId}`, fields);
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  const rows = await t.sql.query(
    `select node_id, array_agg(assignee_id::int order by assignee_id::int) as a from flow_task where instance_id = $1 group by node_id`,
    [res.json().processInstanceId],
  );
  return Object.fromEntries(rows.rows.map((r) => [r.node_id, r.a]));
}

const n = (...ids: string[]) => ids.map(Number).sort((x, y) => x - y);

beforeAll(async () => {
  t = await createTestApp();
  w = await tenantWorld(t, 'ap');
  await deploy(w.handed);
  await deploy(w.open);
}, 120_000);
afterAll(() => t?.close());

describe('approvals of a tenant\'s record', () => {
  it('CC by a park role and named people, and 发起人\'s leader: tenant A\'s people only', async () => {
    expect(await assignees(w.handed, w.a, { plate_no: '皖A-AP-01', load_ton: 5 })).toEqual({
      'cc-role': n(w.a.safety),
      'cc-people': n(w.a.lead),
      leader: n(w.a.lead),
    });
  });

  it('the same flow for tenant B\'s record names B\'s people', async () => {
    expect(await assignees(w.handed, w.b, { plate_no: '皖B-AP-02', load_ton: 5 })).toEqual({
      'cc-role': n(w.b.safety),
      'cc-people': n(w.b.lead),
      leader: n(w.b.lead),
    });
  });

  it('a node that finds nobody in the tenant goes to the tenant\'s 主管理员', async () => {
    expect(await assignees(w.handed, w.a, { plate_no: '皖A-AP-03', load_ton: 30 })).toEqual({
      'cc-role': n(w.a.safety),
      'cc-people': n(w.a.lead),
      nobody: n(w.a.adminId),
    });
  });

  it('the role node after the leader: the tenant\'s 安全员', async () => {
    const res = await t.call(w.a.clerkCookie, 'POST', `/api/form/startformflow/${w.handed}`, { plate_no: '皖A-AP-04', load_ton: 5 });
    const pid = res.json().processInstanceId as number;
    const task = (await t.sql.query(`select id from flow_task where instance_id = $1 and node_id = 'leader'`, [pid])).rows[0].id;
    const leadCookie = await t.login(`ap_a_lead`);
    const agreed = await t.app.inject({
      method: 'POST',
      url: `/api/flow/approvetask/${task}`,
      headers: { cookie: leadCookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ taskId: String(task), formId: String(w.handed), remark: '同意' }).toString(),
    });
    expect(agreed.json(), agreed.body).toMatchObject({ errCode: 0 });
    const safety = await t.sql.query(`select array_agg(assignee_id::int) as a from flow_task where instance_id = $1 and node_id = 'safety'`, [pid]);
    expect(safety.rows[0].a).toEqual(n(w.a.safety));
  });

  it('a park form handed to nobody: a company\'s record goes to the park\'s people', async () => {
    const got = await assignees(w.open, w.a, { plate_no: '皖A-AP-05', load_ton: 30 });
    expect(got['cc-role']).toEqual(n(w.parkSafety));
    expect(got.nobody).toEqual(n(w.parkSafety));
  });
});
