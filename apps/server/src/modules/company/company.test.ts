import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;
let demoA: number;

async function json(cookie: string, url: string) {
  const res = await t.call(cookie, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function userOf(username: string, userType: 0 | 1 | 2, companyId: number | null): Promise<string> {
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select $1, password_hash, $1, $2, $3 from sys_user where username = 'admin'`,
    [username, userType, companyId],
  );
  return t.login(username, ADMIN_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  demoA = Number((await t.sql.query(`select id from sys_company where company_name = '示例化工有限公司'`)).rows[0].id);
  await t.sql.query(
    `insert into sys_company (company_name, company_code, status, industry_name, industy_type, economic_type_name, administrative_area_name)
     values ('待审核化工有限公司', '91340500MA2PENDING', '0', '危险化学品仓库', '装卸搬运和仓储业', '私营企业', '安徽省马鞍山市和县'),
            ('已作废科技有限公司', '91340500MA2VOIDED1', '3', null, null, null, null)`,
  );
});
afterAll(() => t.close());

describe('queryAllCompanyInfo', () => {
  it('lists approved companies for the picker, with the spec columns and desc', async () => {
    const reply = await json(admin, '/api/company/queryAllCompanyInfo?type=1&pageNum=1&pageSize=10000000');
    expect(reply).toMatchObject({
      errCode: 0,
      totalCount: 2,
      desc: {
        companyName: '企业名称',
        administrativeAreaName: '行政区划',
        industryName: '行业名称',
        industyType: '行业类别',
        economicTypeName: '经济类型',
        companyCode: '组织机构代码',
      },
    });
    expect(reply.datas.map((c: { companyName: string }) => c.companyName)).toEqual(['华中危化品储运有限公司', '示例化工有限公司']);
    expect(reply.datas[1]).toEqual({
      id: demoA,
      companyName: '示例化工有限公司',
      companyCode: '91340500MA2DEMO01X',
      administrativeAreaName: '安徽省马鞍山市和县',
      industryName: '涉及重点监管危险化工工艺',
      industyType: '化学原料和化学制品制造业',
      economicTypeName: '有限责任公司',
      status: '1',
    });
  });

  it('filters by status and by name as text, and pages', async () => {
    const name = (q: string) => json(admin, `/api/company/queryAllCompanyInfo?type=1&companyName=${encodeURIComponent(q)}`);
    expect((await name('华中')).datas.map((c: { companyCode: string }) => c.companyCode)).toEqual(['91340500MA2DEMO02Y']);
    expect((await name('%')).totalCount).toBe(0);
    expect((await json(admin, '/api/company/queryAllCompanyInfo?type=0')).datas.map((c: { companyName: string }) => c.companyName)).toEqual([
      '待审核化工有限公司',
    ]);
    const all = await json(admin, '/api/company/queryAllCompanyInfo?pageNum=2&pageSize=3');
    expect(all.totalCount).toBe(4);
    expect(all.datas.map((c: { companyName: string }) => c.companyName)).toEqual(['示例化工有限公司']);
    expect((await t.call(admin, 'GET', '/api/company/queryAllCompanyInfo?type=9')).statusCode).toBe(400);
  });

  it('shows a company user only their own company', async () => {
    const staff = await userOf('demo_a_staff', 2, demoA);
    const reply = await json(staff, '/api/company/queryAllCompanyInfo?type=1&pageNum=1&pageSize=10000000');
    expect(reply.totalCount).toBe(1);
    expect(reply.datas.map((c: { id: number }) => c.id)).toEqual([demoA]);
    // A company user without a company sees none rather than all.
    const orphan = await userOf('no_company', 1, null);
    expect((await json(orphan, '/api/company/queryAllCompanyInfo?type=1')).totalCount).toBe(0);
  });
});

describe('getCompanyInfoByUserId', () => {
  it("answers a company user's company, and null for a platform user", async () => {
    const boss = await userOf('demo_a_admin', 1, demoA);
    expect(await json(boss, '/api/companyUser/getCompanyInfoByUserId')).toEqual({
      errCode: 0,
      companyInfo: { id: demoA, companyName: '示例化工有限公司' },
    });
    expect(await json(admin, '/api/companyUser/getCompanyInfoByUserId')).toEqual({ errCode: 0, companyInfo: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/companyUser/getCompanyInfoByUserId' })).statusCode).toBe(401);
  });

  it('keeps company codes unique and statuses to the four of the spec', async () => {
    const dup = t.sql.query(`insert into sys_company (company_name, company_code) values ('重复', '91340500MA2DEMO01X')`);
    await expect(dup).rejects.toThrow(/unique/);
    const bad = t.sql.query(`insert into sys_company (company_name, company_code, status) values ('坏状态', 'X-BAD', '9')`);
    await expect(bad).rejects.toThrow(/check/);
    const missing = t.sql.query(`insert into sys_user (username, password_hash, real_name, company_id) values ('ghost', 'x', 'ghost', 999999)`);
    await expect(missing).rejects.toThrow(/foreign key/);
  });
});
