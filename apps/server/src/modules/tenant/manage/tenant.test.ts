import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED, TENANT_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { sealWithForge } from '../../../../test/sealWithForge.ts';
import { seedApprovedTenants } from '../../../seeds/tenantManage.ts';

/*
 * Issue 36, 租户信息 (screens-round3 §1.1) on a real PostgreSQL: 新增 provisions the tenant and its
 * 主管理员 with a random initial password shown once, the dialog's rules and duplicate refusals,
 * 修改, 启用/禁用 (login refused, sessions ended), the approval of a registered company, and the
 * park-only guard.
 */

let t: TestApp;
let admin: string;
let seq = 0;

const HEXIAN = { provice: '安徽省', proviceCode: '340000', city: '马鞍山市', cityCode: '340500', area: '和县', areaCode: '340523' };
const DONGCHENG = { provice: '北京市', proviceCode: '110000', city: '市辖区', cityCode: '110100', area: '东城区', areaCode: '110101' };

function phoneNo(): string {
  seq += 1;
  return `1370000${String(seq).padStart(4, '0')}`;
}

function tenantBody(name: string, phone = phoneNo(), extra: Record<string, unknown> = {}) {
  return {
    tenantName: name,
    industry: '危险化学品仓储',
    address: '化工园区纬三路8号',
    contact: '王主任',
    phone,
    email: 'wang@example.com',
    status: 1,
    lat: '31.81',
    lnt: '118.46',
    ...HEXIAN,
    ...extra,
  };
}

/** FORM, as the original client sends the dialog. */
async function postForm(cookie: string, url: string, fields: Record<string, unknown>) {
  const body = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

async function addTenant(name: string, phone = phoneNo(), extra: Record<string, unknown> = {}) {
  const res = await postForm(admin, '/api/user/addTenant', tenantBody(name, phone, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; username: string; password: string; errMsg: string };
}

const seal = async (password: string) => sealWithForge((await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string, password);
const loginReply = async (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/apc/login', payload: { username, password: await seal(password) } });
const cookieOf = (res: Awaited<ReturnType<typeof loginReply>>) => `park_sid=${res.cookies.find((c) => c.name === 'park_sid')!.value}`;

async function listed(query: string) {
  const res = await t.call(admin, 'GET', `/api/user/listTenant?pageNum=1&pageSize=10&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { errCode: number; totalCount: number; datas: Array<Record<string, unknown>> };
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.sql.query(sql, params)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp({ registrationsPerMinute: 1000 });
  admin = await t.login();
});
afterAll(() => t.close());

describe('新增租户', () => {
  it('creates the tenant, its root organisation, 主管理员 role and user, and answers a random password once', async () => {
    const phone = phoneNo();
    const made = await addTenant('新增测试化工有限公司', phone);
    expect(made).toMatchObject({ errCode: 0, errMsg: TENANT_TEXT.added, username: phone });
    expect(made.password).not.toBe('kh123456');
    expect(made.password.length).toBeGreaterThanOrEqual(12);
    const other = await addTenant('新增测试二号有限公司');
    expect(other.password).not.toBe(made.password);

    const { datas, totalCount } = await listed(`tenantName=${encodeURIComponent('新增测试化工')}`);
    expect(totalCount).toBe(1);
    expect(datas[0]).toMatchObject({
      id: made.id,
      tenantName: '新增测试化工有限公司',
      industry: '危险化学品仓储',
      location: '安徽省马鞍山市和县',
      address: '化工园区纬三路8号',
      contact: '王主任',
      phone,
      email: 'wang@example.com',
      userName: 'admin',
      lastUpdateUserName: 'admin',
      status: 1,
      proviceCode: '340000',
      cityCode: '340500',
      areaCode: '340523',
      provice: '安徽省',
      source: 'park',
    });
    expect(datas[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const org = await t.sql.query(`select org_name from sys_org where company_id = $1 and parent_id is null`, [made.id]);
    expect(org.rows).toEqual([{ org_name: '新增测试化工有限公司' }]);
    const user = await t.sql.query(
      `select u.username, u.user_type, u.tenant_user_type, u.must_change_password, u.password_hash, u.real_name,
              array(select r.role_code from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id order by r.role_code) roles,
              (select count(*)::int from sys_user_org uo join sys_org o on o.id = uo.org_id where uo.user_id = u.id and o.company_id = u.company_id) orgs
         from sys_user u where u.company_id = $1`,
      [made.id],
    );
    expect(user.rows).toHaveLength(1);
    expect(user.rows[0]).toMatchObject({ username: phone, user_type: 1, tenant_user_type: 0, must_change_password: true, real_name: '王主任', orgs: 1 });
    expect(user.rows[0].roles).toEqual(['TENANT_ADMIN', 'company_user']);
    // Stored hashed, as every password is; the operation log never holds it.
    expect(user.rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(user.rows[0].password_hash).not.toContain(made.password);
    const log = await t.sql.query(`select detail::text from sys_operation_log where action = '新增租户' and target_id = $1`, [String(made.id)]);
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0].detail).not.toContain(made.password);
  });

  it('grants the 主管理员 role the tenant-visible menus and the groups above them', async () => {
    await t.sql.query(`update sys_menu set tenant_visible = true where path in ('/system/org', '/system/user') and company_id is null`);
    const made = await addTenant('菜单授权测试有限公司');
    const menus = await t.sql.query(
      `select m.path from sys_role_menu rm join sys_role r on r.id = rm.role_id join sys_menu m on m.id = rm.menu_id
        where r.company_id = $1 and r.role_code = 'TENANT_ADMIN' order by m.path`,
      [made.id],
    );
    expect(menus.rows.map((r) => r.path)).toEqual(['/system', '/system/org', '/system/user']);
    await t.sql.query(`update sys_menu set tenant_visible = false where path in ('/system/org', '/system/user')`);
  });

  it('refuses bad input with the dialog\'s messages and writes nothing', async () => {
    const before = await count(`select count(*) n from sys_company`);
    const users = await count(`select count(*) n from sys_user`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tenantName: '' }, '租户名称不能为空'],
      [{ tenantName: '甲' }, '长度在 2 到 50 个字符'],
      [{ tenantName: '名'.repeat(51) }, '长度在 2 到 50 个字符'],
      [{ industry: ' ' }, '行业不能为空'],
      [{ address: '' }, '详细地址不能为空'],
      [{ contact: '' }, '联系人姓名不能为空'],
      [{ phone: '' }, '联系人手机号码不能为空'],
      [{ phone: '12345678901' }, '请输入正确的手机号码'],
      [{ email: '' }, '联系人邮箱不能为空'],
      [{ email: 'not-an-email' }, '请输入正确的邮箱地址'],
      [{ areaCode: '' }, '所在地信息需填写完整'],
      [{ areaCode: '110101' }, TENANT_TEXT.regionUnknown],
      [{ lat: '999' }, '纬度不合法'],
    ];
    for (const [patch, message] of cases) {
      const res = await postForm(admin, '/api/user/addTenant', tenantBody('坏输入测试有限公司', phoneNo(), patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json(), JSON.stringify(patch)).toMatchObject({ errCode: 400, errMsg: message });
    }
    expect(await count(`select count(*) n from sys_company`)).toBe(before);
    expect(await count(`select count(*) n from sys_user`)).toBe(users);
  });

  it('refuses a taken tenant name and a taken phone, and the checks say so', async () => {
    const phone = phoneNo();
    await addTenant('重名测试有限公司', phone);
    const before = await count(`select count(*) n from sys_company`);
    const sameName = await postForm(admin, '/api/user/addTenant', tenantBody(' 重名测试有限公司 '));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errMsg).toBe(TENANT_TEXT.nameTaken);
    const samePhone = await postForm(admin, '/api/user/addTenant', tenantBody('另一个测试有限公司', phone));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().errMsg).toBe(TENANT_TEXT.phoneTaken);
    expect(await count(`select count(*) n from sys_company`)).toBe(before);

    const check = async (url: string) => (await t.call(admin, 'GET', url)).json();
    expect(await check(`/api/user/checkByTenantName?tenantName=${encodeURIComponent('重名测试有限公司')}`)).toEqual({ errCode: 0, exists: true });
    expect(await check(`/api/user/checkByTenantName?tenantName=${encodeURIComponent('没有这个租户')}`)).toEqual({ errCode: 0, exists: false });
    expect(await check(`/api/user/checkByTenantPhone?phone=${phone}`)).toEqual({ errCode: 0, exists: true });
    expect(await check(`/api/user/checkByTenantPhone?phone=${phoneNo()}`)).toEqual({ errCode: 0, exists: false });
  });

  it('refuses two concurrent additions of one name but one', async () => {
    const replies = await Promise.all([0, 1, 2].map(() => postForm(admin, '/api/user/addTenant', tenantBody('并发测试有限公司'))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await count(`select count(*) n from sys_company where company_name = '并发测试有限公司'`)).toBe(1);
  });
});

describe('修改租户', () => {
  it('changes the fields but never the phone, and refuses another tenant\'s name', async () => {
    const phone = phoneNo();
    const made = await addTenant('修改前测试有限公司', phone);
    await addTenant('已占用名称有限公司');
    const res = await postForm(admin, '/api/user/updateTenant', {
      ...tenantBody('修改后测试有限公司', phoneNo(), DONGCHENG),
      id: made.id,
      industry: '精细化工',
    });
    expect(res.json(), res.body).toEqual({ errCode: 0, errMsg: TENANT_TEXT.updated });
    const { datas } = await listed(`tenantName=${encodeURIComponent('修改后测试')}`);
    expect(datas[0]).toMatchObject({ id: made.id, industry: '精细化工', phone, location: '北京市东城区', areaCode: '110101' });

    const clash = await postForm(admin, '/api/user/updateTenant', { ...tenantBody('已占用名称有限公司'), id: made.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errMsg).toBe(TENANT_TEXT.nameTaken);
    const missing = await postForm(admin, '/api/user/updateTenant', { ...tenantBody('不存在的租户'), id: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(TENANT_TEXT.notFound);
  });
});

describe('the 主管理员 and the tenant status', () => {
  it('logs in once with the initial password, must change it, and the initial password is then spent', async () => {
    const made = await addTenant('首次登录测试有限公司');
    const first = await loginReply(made.username, made.password);
    expect(first.json()).toMatchObject({ errCode: 0, mustChangePassword: true });
    const cookie = cookieOf(first);
    const blocked = await t.call(cookie, 'GET', '/api/user/getUser');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errMsg).toBe(PASSWORD_CHANGE_REQUIRED);
    const changed = await t.call(cookie, 'POST', '/api/user/updateCurrentPwd', { oldPassword: await seal(made.password), newPassword: await seal('Tenant@2026') });
    expect(changed.json(), changed.body).toEqual({ errCode: 0 });
    expect((await loginReply(made.username, made.password)).statusCode).toBe(400);
    const again = await loginReply(made.username, 'Tenant@2026');
    expect(again.json().errCode).toBe(0);
    expect(again.json()).not.toHaveProperty('mustChangePassword');
  });

  it('disabling ends the users\' sessions and refuses their login; enabling lets them in again', async () => {
    const made = await addTenant('停用测试有限公司');
    await t.sql.query(`update sys_user set must_change_password = false where username = $1`, [made.username]);
    t.booted.ctx.events.deliver({ kind: 'user', id: '*' });
    const cookie = cookieOf(await loginReply(made.username, made.password));
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);

    const off = await postForm(admin, '/api/user/changeTenantStatus', { id: made.id, status: 0 });
    expect(off.json()).toEqual({ errCode: 0, errMsg: TENANT_TEXT.disabled });
    // The session is gone at once, not at its next expiry.
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    expect(await count(`select count(*) n from sys_session s join sys_user u on u.id = s.user_id where u.company_id = $1`, [made.id])).toBe(0);
    const refused = await loginReply(made.username, made.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errMsg).toBe(TENANT_TEXT.loginDisabled);
    expect((await listed('status=0')).datas.map((d) => d.id)).toContain(made.id);
    expect((await listed('status=1')).datas.map((d) => d.id)).not.toContain(made.id);

    const on = await postForm(admin, '/api/user/changeTenantStatus', { id: made.id, status: 1 });
    expect(on.json()).toEqual({ errCode: 0, errMsg: TENANT_TEXT.enabled });
    expect((await loginReply(made.username, made.password)).json().errCode).toBe(0);

    const missing = await postForm(admin, '/api/user/changeTenantStatus', { id: 99_999_999, status: 0 });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a registered company becomes a tenant when approved', () => {
  it('provisions its organisation and role and makes the registrant its 主管理员', async () => {
    const publicKey = (await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string;
    const code = '91340500MA2T1TEST1';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/apc/company/companyRegistered',
      payload: {
        companyInfo: {
          companyName: '注册审核测试有限公司',
          administrativeAreaCode: '340523',
          administrativeAreaName: '安徽省马鞍山市和县',
          address: '园区大道1号',
          industryCode: '0401',
          industryName: '危险化学品仓库',
          industyType: 'G59',
          companyCode: code,
        },
        user: { userName: code, ps: sealWithForge(publicKey, 'Reg@2026x'), ps1: sealWithForge(publicKey, 'Reg@2026x'), realName: '李经理', sex: '1', jobs: '总经理', phone: '13900139111' },
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const id = (await t.sql.query(`select id from sys_company where company_code = $1`, [code])).rows[0].id as string;
    // Pending: not a tenant yet.
    expect(await count(`select count(*) n from sys_role where company_id = $1`, [id])).toBe(0);
    expect((await listed(`tenantName=${encodeURIComponent('注册审核测试')}`)).totalCount).toBe(0);

    const approved = await t.call(admin, 'GET', `/api/company/checkCompany/${id}?checkStatus=1`);
    expect(approved.json(), approved.body).toEqual({ errCode: 0 });
    expect(await count(`select count(*) n from sys_org where company_id = $1 and parent_id is null`, [id])).toBe(1);
    const registrant = await t.sql.query(
      `select u.tenant_user_type, array(select r.role_code from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id order by r.role_code) roles
         from sys_user u where u.username = $1`,
      [code],
    );
    expect(registrant.rows[0]).toEqual({ tenant_user_type: 0, roles: ['TENANT_ADMIN', 'company_user'] });
    const { datas } = await listed(`tenantName=${encodeURIComponent('注册审核测试')}`);
    expect(datas[0]).toMatchObject({ tenantName: '注册审核测试有限公司', location: '安徽省马鞍山市和县', status: 1, source: 'register' });
    // The registrant logs in with the password they chose, as before.
    expect((await loginReply(code, 'Reg@2026x')).json().errCode).toBe(0);
  });

  it('the seed step makes every approved company a tenant, once', async () => {
    const { db } = t.booted.ctx;
    for (let i = 0; i < 2; i++) await db.transaction().execute((trx) => seedApprovedTenants(trx));
    const twice = await count(`select count(*) n from sys_role r join sys_company c on c.id = r.company_id where r.role_code = 'TENANT_ADMIN' group by c.id order by 1 desc limit 1`);
    expect(twice).toBe(1);
    const untenanted = await count(
      `select count(*) n from sys_company c where c.status = '1'
          and not exists (select 1 from sys_role r where r.company_id = c.id and r.role_code = 'TENANT_ADMIN')`,
    );
    expect(untenanted).toBe(0);
  });
});

describe('only the park manages tenants', () => {
  it('answers 403 to a tenant\'s 主管理员 on every call, and to a park user without the menu', async () => {
    const made = await addTenant('越权测试有限公司');
    await t.sql.query(`update sys_user set must_change_password = false where username = $1`, [made.username]);
    t.booted.ctx.events.deliver({ kind: 'user', id: '*' });
    const tenantAdmin = cookieOf(await loginReply(made.username, made.password));
    const added = await t.call(admin, 'POST', '/api/user/addUser', { username: 't1_plain_park', realName: '普通园区用户', userType: 0, orgIds: [], roleIds: [] });
    await t.sql.query(`update sys_user set must_change_password = false where username = 't1_plain_park'`);
    const plain = cookieOf(await loginReply('t1_plain_park', added.json().password as string));
    const before = await count(`select count(*) n from sys_company`);
    for (const cookie of [tenantAdmin, plain]) {
      const calls: Array<[string, () => Promise<{ statusCode: number }>]> = [
        ['listTenant', () => t.call(cookie, 'GET', '/api/user/listTenant?pageNum=1&pageSize=10')],
        ['addTenant', () => postForm(cookie, '/api/user/addTenant', tenantBody('越权新增有限公司'))],
        ['updateTenant', () => postForm(cookie, '/api/user/updateTenant', { ...tenantBody('越权修改有限公司'), id: made.id })],
        ['changeTenantStatus', () => postForm(cookie, '/api/user/changeTenantStatus', { id: made.id, status: 0 })],
        ['checkByTenantName', () => t.call(cookie, 'GET', '/api/user/checkByTenantName?tenantName=x')],
        ['checkByTenantPhone', () => t.call(cookie, 'GET', '/api/user/checkByTenantPhone?phone=13700000000')],
      ];
      for (const [name, run] of calls) expect((await run()).statusCode, name).toBe(403);
    }
    expect(await count(`select count(*) n from sys_company`)).toBe(before);
    const still = await t.sql.query(`select company_name, tenant_status from sys_company where id = $1`, [made.id]);
    expect(still.rows[0]).toEqual({ company_name: '越权测试有限公司', tenant_status: 1 });
  });
});
