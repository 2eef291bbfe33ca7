import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../test/t3Tenants.ts';
import { upload } from '../modules/apppackage/testSupport.ts';
import { appSourceDir, buildAppPackage } from './build.ts';
import { ensureTransportRoles } from './transport/people.ts';

/*
 * Issue 41: a tenant installs the park's two applications (应用管理 › 导入 into chosen tenants, the
 * install's tenant target) on a real PostgreSQL: both packages, built from their sources, hand their
 * forms down to the chosen tenant only; that tenant's user adds records on them, and another
 * tenant's user sees none of it.
 */

type Json = Record<string, unknown>;
let t: TestApp;
let admin: string;
let chosen: TestTenant;
let other: TestTenant;
const formOf = async (app: string, code: string) =>
  String((await t.sql.query(`select p.local_id from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form' and p.code = $2`, [app, code])).rows[0].local_id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  [chosen, other] = [await insertTenant(t, '装应用租户甲'), await insertTenant(t, '未装应用租户乙')];
  // 电子运单审批 names 收货企业审核人 by code: an installation importing 危化品运输 has the role first.
  await ensureTransportRoles(t.booted.ctx.db);
}, 120_000);
afterAll(() => t?.close());

describe('a tenant installs 危化品运输 and 巡检', () => {
  it('both install into the chosen tenant: their forms are handed down to it, not to the other', async () => {
    for (const app of ['transport', 'inspection']) {
      const res = await upload(t, admin, 'import', buildAppPackage(appSourceDir(app)).zip, `${app}.zip`, [chosen.id]);
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    }
    const listed = (await t.call(admin, 'GET', '/api/apppackage/list')).json().data as Json[];
    for (const code of ['hazmat_transport', 'inspection']) expect(listed.filter((a) => a.code === code).map((a) => a.installedIn)).toEqual(['园区', '租户：装应用租户甲']);
    const held = await t.sql.query(`select ft.company_id::text, count(*)::int n from form_tenant ft join app_package_part p on p.local_id = ft.form_id and p.kind = 'form' group by ft.company_id`);
    expect(held.rows).toEqual([{ company_id: chosen.id, n: 13 }]);
  });

  it('the tenant’s user adds a 车队 and a 巡检路线; the other tenant’s user sees none of them, and cannot read them by id', async () => {
    const fleet = await formOf('hazmat_transport', 'tp_fleet');
    const route = await formOf('inspection', 'xj_route');
    const addedFleet = await t.call(chosen.cookie!, 'POST', `/api/form/addformdata/${fleet}`, { fleet_name: '甲租户自有车队', permit_no: '皖交运管许可合字340100000009号', contact: '钱队长', phone: '13900000099' });
    expect(addedFleet.json(), addedFleet.body).toMatchObject({ errCode: 0 });
    const addedRoute = await t.call(chosen.cookie!, 'POST', `/api/form/addformdata/${route}`, { route_name: '甲租户厂区巡检', route_code: 'TA-01' });
    expect(addedRoute.json(), addedRoute.body).toMatchObject({ errCode: 0 });
    const list = async (cookie: string, formId: string) => {
      const r = (await t.call(cookie, 'POST', '/api/form/queryformdata', { formId, pageNum: 1, pageSize: 50 })).json();
      return { errCode: r.errCode, total: r.totalCount ?? 0 };
    };
    expect(await list(chosen.cookie!, fleet)).toEqual({ errCode: 0, total: 1 });
    expect(await list(chosen.cookie!, route)).toEqual({ errCode: 0, total: 1 });
    for (const formId of [fleet, route]) {
      const seen = await list(other.cookie!, formId);
      expect(seen.total, JSON.stringify(seen)).toBe(0);
    }
    const byId = await t.call(other.cookie!, 'GET', `/api/form/getformdatabyid?formId=${fleet}&businessId=${addedFleet.json().businessId}`);
    expect(byId.json().errCode, byId.body).not.toBe(0);
    // The rows carry the tenant: the park's 车队 list has it, under 装应用租户甲.
    const row = await t.sql.query(`select company_id::text from form_${fleet} where fleet_name = '甲租户自有车队'`);
    expect(row.rows).toEqual([{ company_id: chosen.id }]);
  });
});
