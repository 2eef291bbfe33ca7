import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser, roleIdByCode } from '../admin/testHelpers.ts';
import { addRecord, createForm, flow, runAll, testEngine, vehicleMeta } from './testSupport.ts';
import { grantForm } from '../../../test/formGrants.ts';

/*
 * Message recipients of every type (spec 001 §3.4) resolved against the real directory: users,
 * organisations with their leaders (set through 组织机构's updateOrg), roles, and the record's own
 * user and department fields. The record is added by a clerk of 安全监管科, the initiator.
 */
let t: TestApp;
let admin: string;

const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('recipients resolved through the directory', () => {
  it('sends each message type to the people its rule names', async () => {
    const orgId = async (name: string) => Number((await q(`select id from sys_org where org_name = $1`, [name]))[0].id);
    const root = await orgId('园区管委会');
    const safety = await orgId('安全监管科');
    const parkAdmin = await roleIdByCode(t, 'park_admin');
    const clerk = await addUser(t, admin, 'auto_clerk', { orgIds: [safety], roleIds: [parkAdmin] });
    const lead2 = await addUser(t, admin, 'auto_lead2', { orgIds: [safety] });
    const lead1 = await addUser(t, admin, 'auto_lead1', { orgIds: [root], roleIds: [parkAdmin] });
    for (const [id, orgName, leaderId] of [[safety, '安全监管科', lead2.id], [root, '园区管委会', lead1.id]] as const) {
      const res = await t.call(admin, 'POST', '/api/user/updateOrg', { id, orgName, leaderId });
      expect(res.json()).toMatchObject({ errCode: 0 });
    }
    const tree = (await t.call(admin, 'GET', '/api/user/listOrgTree')).json().departManage;
    expect(tree[0]).toMatchObject({ orgName: '园区管委会', leaderId: lead1.id, leaderName: 'auto_lead1的名字' });
    expect((await t.call(admin, 'POST', '/api/user/updateOrg', { id: safety, orgName: '安全监管科', leaderId: 99999 })).json()).toMatchObject({ errMsg: '主管不存在或已被删除' });

    const vehicle = await createForm(t, admin, '接收人测试', vehicleMeta());
    const role = [{ roleId: parkAdmin, roleName: '园区管理员' }];
    const rules: Array<[string, Record<string, unknown>]> = [
      ['T0', { type: 0, role }],
      ['T1', { type: 1, person: [{ id: 1, name: '系统管理员', type: 1 }] }],
      ['T2', { type: 2, leader: 1 }],
      ['T2b', { type: 2, leader: 2 }],
      ['T3', { type: 3 }],
      ['T4', { type: 4, model: 'reviewer' }],
      ['T5', { type: 5, orgAndRole: [{ orgId: safety, orgName: '安全监管科', roleId: parkAdmin, roleName: '园区管理员' }] }],
      ['T6', { type: 6, dyncUserAndRole: [{ model: 'reviewer', roleId: parkAdmin }] }],
      ['T7', { type: 7, cuserOrgAndRole: [{ roleId: parkAdmin }] }],
      ['T8', { type: 8, dyncOrgAndRole: [{ model: 'dept', roleId: parkAdmin }] }],
      ['T9', { type: 9, conditions: [{ key: 'is_hazard', name: '是否危化品', opt: '$eq', value: '是' }], person: [{ id: 1, name: '系统管理员', type: 1 }] }],
    ];
    const actions = rules.map(([title, recipient]) => ({ nodeName: title, conf: { actionType: 'msgTask', title, content: '${plate_no}', menuUrl: '/home', recipient } }));
    expect((await t.call(admin, 'POST', '/api/automation/flow/save', { flowName: '接收人', nodeConfig: flow(vehicle, 'insert', actions) })).json()).toMatchObject({ errCode: 0 });

    // Since issue 15 a record call needs the form's permission: the clerk may add vehicles.
    await grantForm(t, clerk.id, vehicle, ['add']);
    const clerkSession = await t.login('auto_clerk', clerk.password);
    await addRecord(t, clerkSession, vehicle, { plate_no: '鄂E00009', is_hazard: '是', reviewer: String(lead1.id), dept: String(safety) });
    await runAll(t, testEngine(t));
    const got = await q(`select title, array_agg(receiver_id::int order by receiver_id::int) as r from msg_message where content = '鄂E00009' group by title`);
    const byTitle = Object.fromEntries(got.map((g) => [g.title, g.r]));
    expect(byTitle).toEqual({
      T0: [clerk.id, lead1.id].sort((a, b) => a - b),
      T1: [1],
      T2: [lead2.id],
      T2b: [lead1.id],
      T3: [clerk.id],
      T4: [lead1.id],
      T5: [clerk.id],
      T6: [lead1.id],
      T7: [clerk.id],
      T8: [clerk.id],
      T9: [1],
    });
  });
});
