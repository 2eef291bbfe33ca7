import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_TEXT, PARK_CONTACT_TENANT_NAME } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';

/*
 * 通讯录 (issue 38) on real PostgreSQL: the original's shapes, paging, who sees whom (the park all,
 * a tenant its own people and the park's public contacts, never another tenant's), refusals.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely in the test
type Json = Record<string, any>;
let t: TestApp;
let admin: string;
let a: TestTenant;
let b: TestTenant;
let plain: string;
let noRole: string;

async function addUser(o: { tenant: TestTenant | null; name: string; realName: string; orgId?: string; phone?: string; job?: string; role?: string }) {
  const u = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type, phone, email, job_title)
     select $1, password_hash, $2, $3, $4, $5, $6, $7, $8 from sys_user where username = 'admin' returning id`,
    [o.name, o.realName, o.tenant ? 2 : 0, o.tenant?.id ?? null, o.tenant ? 2 : null, o.phone ?? null, `${o.name}@park.cn`, o.job ?? null],
  );
  const id = u.rows[0]!.id;
  if (o.orgId) await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [id, o.orgId]);
  if (o.role) await t.sql.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = $2 and company_id is null`, [id, o.role]);
  return id;
}
const org = async (tenant: TestTenant | null, name: string, parentId: string | null = null, leaderId: string | null = null) =>
  (await t.sql.query<{ id: string }>(`insert into sys_org (org_name, company_id, parent_id, leader_id) values ($1, $2, $3, $4) returning id`, [name, tenant?.id ?? null, parentId, leaderId])).rows[0]!.id;
const get = (cookie: string, url: string) => t.call(cookie, 'GET', url);
const contacts = async (cookie: string, q = '') => (await get(cookie, `/api/user/queryTenantUserInfo?pageSize=100&${q}`)).json() as Json;
const names = (reply: Json) => (reply.datas as Json[]).map((d) => d.realName as string);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await insertTenant(t, '甲通讯录化工');
  b = await insertTenant(t, '乙通讯录化工');
  const aRoot = (await t.sql.query(`select id from sys_org where company_id = $1 and parent_id is null`, [a.id])).rows[0].id as string;
  const aSafety = await org(a, '甲安全部', aRoot);
  const lead = await addUser({ tenant: a, name: 'book_a_lead', realName: '甲主管', orgId: aSafety, phone: '13900000001', job: '安全主管', role: 'company_user' });
  await t.sql.query(`update sys_org set leader_id = $1 where id = $2`, [lead, aSafety]);
  await addUser({ tenant: a, name: 'book_a_plain', realName: '甲员工', orgId: aSafety, role: 'company_user' });
  await addUser({ tenant: b, name: 'book_b_plain', realName: '乙员工', phone: '13900000002', role: 'company_user' });
  await addUser({ tenant: b, name: 'book_b_norole', realName: '乙无权', phone: '13900000003' });
  const parkOrg = await org(null, '通讯录测试科');
  await addUser({ tenant: null, name: 'book_p_public', realName: '园区联络员', orgId: parkOrg, phone: '13900000009', job: '联络员' });
  await addUser({ tenant: null, name: 'book_p_nophone', realName: '园区无电话' });
  await org(b, '乙仓储部', (await t.sql.query(`select id from sys_org where company_id = $1 and parent_id is null`, [b.id])).rows[0].id);
  plain = await t.login('book_a_plain', ADMIN_PASSWORD);
  noRole = await t.login('book_b_norole', ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('queryTenantUserInfo (内部联系人)', () => {
  it('answers the original\'s shape: tenant, departments, name, phone, e-mail, position, roles — and no password', async () => {
    const r = await contacts(admin, `userName=${encodeURIComponent('甲主管')}`);
    expect(r).toMatchObject({ errCode: 0, totalCount: 1 });
    expect(r.datas[0]).toEqual({
      id: expect.any(Number), tenantId: Number(a.id), tenantName: '甲通讯录化工', orgs: [{ orgName: '甲安全部' }], realName: '甲主管',
      phone: '13900000001', email: 'book_a_lead@park.cn', jobs: '安全主管', roles: [{ roleName: '企业用户' }],
    });
    expect(JSON.stringify(await contacts(admin))).not.toMatch(/password|hash|scrypt/i);
  });

  it('the park sees every tenant\'s people and its own; 企业名称 filters by tenant or by the park\'s name', async () => {
    const all = names(await contacts(admin));
    expect(all).toEqual(expect.arrayContaining(['甲主管', '甲员工', '乙员工', '乙无权', '园区联络员', '园区无电话']));
    expect(names(await contacts(admin, `tenantName=${encodeURIComponent('乙通讯录')}`)).sort()).toEqual(['乙员工', '乙无权', '乙通讯录化工管理员'].sort());
    const park = (await contacts(admin, `tenantName=${encodeURIComponent(PARK_CONTACT_TENANT_NAME)}`)).datas as Json[];
    expect(park.map((d) => d.realName)).toEqual(expect.arrayContaining(['园区联络员', '园区无电话']));
    expect(park.every((d) => d.tenantName === PARK_CONTACT_TENANT_NAME && d.tenantId === null)).toBe(true);
  });

  it('a tenant\'s user sees its own tenant and the park\'s public contacts (with a phone), never another tenant\'s', async () => {
    const seen = names(await contacts(plain));
    expect(seen).toEqual(expect.arrayContaining(['甲主管', '甲员工', '园区联络员']));
    expect(seen).not.toContain('园区无电话');
    expect(seen.some((n) => n.startsWith('乙'))).toBe(false);
    // Naming the other tenant does not widen the scope.
    expect((await contacts(plain, `tenantName=${encodeURIComponent('乙通讯录化工')}`)).datas).toEqual([]);
    const bSeen = names(await contacts(b.cookie!));
    expect(bSeen).toContain('乙员工');
    expect(bSeen.some((n) => n.startsWith('甲'))).toBe(false);
  });

  it('pages with a total; a page past the end is empty with the same total', async () => {
    const q = `tenantName=${encodeURIComponent('甲通讯录')}`;
    const total = (await contacts(admin, q)).totalCount as number;
    expect(total).toBe(3); // 主管理员, 甲主管, 甲员工
    const first = (await get(admin, `/api/user/queryTenantUserInfo?pageSize=2&pageNum=1&${q}`)).json();
    const second = (await get(admin, `/api/user/queryTenantUserInfo?pageSize=2&pageNum=2&${q}`)).json();
    expect(first.datas).toHaveLength(2);
    expect(second.datas).toHaveLength(1);
    expect(new Set([...first.datas, ...second.datas].map((d: Json) => d.id)).size).toBe(3);
    expect((await get(admin, `/api/user/queryTenantUserInfo?pageSize=2&pageNum=9&${q}`)).json()).toEqual({ errCode: 0, datas: [], totalCount: 3 });
  });

  it('refuses without a session (401), without the permission (403) and a too long name (400, in Chinese)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/queryTenantUserInfo', headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
    expect((await get(noRole, '/api/user/queryTenantUserInfo')).statusCode).toBe(403);
    const long = await get(admin, `/api/user/queryTenantUserInfo?userName=${'长'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errMsg).toBe(BOOK_TEXT.queryTooLong);
  });
});

describe('queryOrgsByCondition (部门)', () => {
  const orgs = async (cookie: string, q = '') => (await get(cookie, `/api/user/queryOrgsByCondition?pageSize=100&${q}`)).json() as Json;

  it('answers tenant, department, parent and leader names', async () => {
    const r = await orgs(admin, `orgName=${encodeURIComponent('甲安全部')}`);
    expect(r).toMatchObject({ errCode: 0, totalCount: 1 });
    expect(r.datas[0]).toEqual({ id: expect.any(Number), tenantId: Number(a.id), tenantName: '甲通讯录化工', orgName: '甲安全部', parentOrgName: '甲通讯录化工', orgLeaderName: '甲主管' });
  });

  it('the park sees all tenants\' departments; a tenant its own and the park\'s, never another tenant\'s', async () => {
    const all = ((await orgs(admin)).datas as Json[]).map((d) => d.orgName);
    expect(all).toEqual(expect.arrayContaining(['甲安全部', '乙仓储部', '通讯录测试科']));
    const mine = ((await orgs(plain)).datas as Json[]).map((d) => d.orgName);
    expect(mine).toEqual(expect.arrayContaining(['甲安全部', '通讯录测试科']));
    expect(mine).not.toContain('乙仓储部');
    expect(mine).not.toContain('乙通讯录化工');
    expect((await orgs(admin, `tenantName=${encodeURIComponent('乙通讯录化工')}`)).totalCount).toBe(2);
    const paged = (await get(admin, `/api/user/queryOrgsByCondition?pageSize=1&pageNum=2&tenantName=${encodeURIComponent('乙通讯录化工')}`)).json();
    expect(paged.datas).toHaveLength(1);
    expect(paged.totalCount).toBe(2);
  });

  it('refuses without a session (401) and without the permission (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/queryOrgsByCondition', headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
    expect((await get(noRole, '/api/user/queryOrgsByCondition')).statusCode).toBe(403);
  });
});
