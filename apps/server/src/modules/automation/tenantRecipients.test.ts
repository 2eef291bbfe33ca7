import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { tenantWorld, type TenantWorld, type WorldTenant } from '../../../test/tenantWorld.ts';
import { addRecord, flow, runAll, testEngine } from './testSupport.ts';

/*
 * Issue 36 (t4): an automation's message recipients resolve inside the tenant of the record — a
 * park role stands for the tenant's role of the same code or name, named people and organisations
 * of the park or of another tenant are passed over — while a company's record of a park form handed
 * to nobody still reaches the park's people (the park's collection forms).
 */
let t: TestApp;
let w: TenantWorld;
const n = (ids: Array<string | number>) => ids.map(Number).sort((x, y) => x - y);

beforeAll(async () => {
  t = await createTestApp();
  w = await tenantWorld(t, 'am');
}, 120_000);
afterAll(() => t?.close());

/** A flow sending one message per rule on `formId`'s insert, titled by the rule. */
async function messageFlow(formId: number, rules: Array<[string, Record<string, unknown>]>) {
  const actions = rules.map(([title, recipient]) => ({ nodeName: title, conf: { actionType: 'msgTask', title, content: '${plate_no}', menuUrl: '/home', recipient } }));
  const saved = await t.call(w.admin, 'POST', '/api/automation/flow/save', { flowName: `接收人-${formId}`, nodeConfig: flow(formId, 'insert', actions) });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
}

/** Adds a record as the tenant's clerk, runs the flows, and answers the receivers of each title. */
async function receivers(formId: number, x: WorldTenant, plate: string, fields: Record<string, string> = {}) {
  await addRecord(t, x.clerkCookie, formId, { plate_no: plate, ...fields });
  await runAll(t, testEngine(t));
  const rows = await t.sql.query(`select title, array_agg(receiver_id::int) as r from msg_message where content = $1 group by title`, [plate]);
  return Object.fromEntries(rows.rows.map((g) => [g.title, n(g.r)]));
}

describe('automation messages of a tenant\'s record', () => {
  beforeAll(async () => {
    await messageFlow(w.handed, rules());
    await messageFlow(w.open, [['role', { type: 0, role: [{ roleId: Number(w.parkSafetyRole) }] }]]);
  });
  const rules = (): Array<[string, Record<string, unknown>]> => [
    ['role', { type: 0, role: [{ roleId: Number(w.parkSafetyRole) }] }],
    ['otherTenantAdmin', { type: 0, role: [{ roleId: Number(w.b.roleId) }] }],
    ['people', { type: 1, person: [{ id: Number(w.parkSafety), type: 1 }, { id: Number(w.a.lead), type: 1 }, { id: Number(w.b.lead), type: 1 }, { id: Number(w.a.rootOrg), type: 0 }, { id: Number(w.parkOrg), type: 0 }] }],
    ['leader1', { type: 2, leader: 1 }],
    ['leader2', { type: 2, leader: 2 }],
    ['initiator', { type: 3 }],
    ['field', { type: 4, model: 'reviewer' }],
    ['orgRole', { type: 5, orgAndRole: [{ orgId: Number(w.a.dept), roleId: Number(w.parkSafetyRole) }, { orgId: Number(w.b.dept), roleId: Number(w.parkSafetyRole) }] }],
    ['ownOrgRole', { type: 7, cuserOrgAndRole: [{ roleId: Number(w.parkSafetyRole) }] }],
    ['deptField', { type: 8, dyncOrgAndRole: [{ model: 'dept', roleId: Number(w.parkSafetyRole) }] }],
  ];

  it('names tenant A\'s people only, for each recipient kind (B\'s user and department in the record name nobody)', async () => {
    const got = await receivers(w.handed, w.a, '皖A-T4-01', { reviewer: w.b.safety, dept: w.b.dept });
    const a = w.a;
    expect(got).toEqual({
      role: n([a.safety]),
      otherTenantAdmin: n([a.adminId]),
      people: n([a.lead, a.adminId]),
      leader1: n([a.lead]),
      leader2: n([a.adminId]),
      initiator: n([a.clerk]),
      orgRole: n([a.safety]),
      ownOrgRole: n([a.safety]),
    });
  });

  it('names tenant B\'s people for tenant B\'s record of the same form', async () => {
    const got = await receivers(w.handed, w.b, '皖B-T4-02', { reviewer: w.b.safety, dept: w.b.dept });
    const b = w.b;
    expect(got).toEqual({
      role: n([b.safety]),
      otherTenantAdmin: n([b.adminId]),
      people: n([b.lead]),
      leader1: n([b.lead]),
      leader2: n([b.adminId]),
      initiator: n([b.clerk]),
      field: n([b.safety]),
      orgRole: n([b.safety]),
      ownOrgRole: n([b.safety]),
      deptField: n([b.safety]),
    });
  });

  it('a park form handed to nobody keeps the park\'s recipients for a company\'s record', async () => {
    const got = await receivers(w.open, w.a, '皖A-T4-03');
    expect(got).toEqual({ role: n([w.parkSafety]) });
  });
});
