import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_DEFAULT_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';

/*
 * Issue 40 leftovers: the theme and 高级控件数据源 calls refused without a session (401), without the
 * code (403), and to a tenant for the park's shared rows (403, even holding the screens' codes);
 * and 平台默认主题: the park's and a tenant's own, each written only by its owner.
 */

let t: TestApp;
let admin: string;
let nobody: string;
let tenant: TestTenant;
let tenantClerk: string;
const META = { colorPrimary: '#d9001b', borderRadius: 6, fontSize: 14 };
const SOURCE = { title: '目录', type: '0', valueKey: 'code', valueDesc: '编码', labelKey: 'name', labelDesc: '名称', url: 'http://a.example/x' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'refuse_nobody', password_hash, '无权' from sys_user where username = 'admin'`);
  nobody = await t.login('refuse_nobody');
  tenant = await insertTenant(t, '丙化工-主题');
  // The tenant's 主管理员 role holds the 主题 and 高级控件数据源 screens' codes: the park-only rule must still refuse.
  await t.sql.query(
    `insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where path in ('/system/theme', '/system/dataControls')`,
    [tenant.roleId],
  );
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select 'refuse_clerk', password_hash, '丙职员', 2, $1, 2 from sys_user where username = 'admin'`,
    [tenant.id],
  );
  tenantClerk = await t.login('refuse_clerk');
});
afterAll(() => t?.close());

const noSession = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { 'x-requested-with': 'XMLHttpRequest' } });

describe('theme and data-control refusals', () => {
  it('answers 401 to every call without a session', async () => {
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['POST', '/api/theme/addTheme', { themeName: '甲', type: 0, themeMeta: META }],
      ['POST', '/api/theme/deleteTheme/1'],
      ['GET', '/api/theme/queryThemeByType?pageNum=1&pageSize=10'],
      ['GET', '/api/theme/queryThemeMeta/1'],
      ['GET', '/api/theme/platformDefault'],
      ['POST', '/api/theme/savePlatformDefault', { themeKey: 'red' }],
      ['GET', '/api/dataControls/queryAllDataControls'],
      ['POST', '/api/dataControls/addDataControls', SOURCE],
      ['POST', '/api/dataControls/updateDataControls', { ...SOURCE, id: '1' }],
      ['GET', '/api/dataControls/deleteDataControls?ids=1'],
      ['GET', '/api/dataControls/queryDataControlData/1'],
    ];
    for (const [method, url, body] of calls) expect((await noSession(method, url, body)).statusCode, url).toBe(401);
  });

  it('answers 403 to a park user without the codes, and writes nothing', async () => {
    const theme = (await t.call(admin, 'POST', '/api/theme/addTheme', { themeName: '园区红', type: 0, themeMeta: META })).json().id;
    const source = (await t.call(admin, 'POST', '/api/dataControls/addDataControls', SOURCE)).json().id;
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['POST', '/api/theme/addTheme', { themeName: '无权', type: 0, themeMeta: META }],
      ['POST', `/api/theme/deleteTheme/${theme}`],
      ['POST', '/api/theme/savePlatformDefault', { themeKey: 'red' }],
      ['GET', '/api/dataControls/queryAllDataControls'],
      ['POST', '/api/dataControls/addDataControls', SOURCE],
      ['POST', '/api/dataControls/updateDataControls', { ...SOURCE, id: String(source), title: '改' }],
      ['GET', `/api/dataControls/deleteDataControls?ids=${source}`],
    ];
    for (const [method, url, body] of calls) expect((await t.call(nobody, method, url, body)).statusCode, url).toBe(403);
    expect((await t.sql.query(`select theme_name from sys_theme`)).rows).toEqual([{ theme_name: '园区红' }]);
    expect((await t.sql.query(`select title from sys_data_control`)).rows).toEqual([{ title: '目录' }]);
    expect((await t.sql.query(`select count(*)::int n from sys_platform_theme`)).rows[0].n).toBe(0);
  });

  it("refuses a tenant's writes of the park's themes and sources, even holding the screens' codes", async () => {
    const theme = (await t.call(admin, 'POST', '/api/theme/addTheme', { themeName: '园区蓝', type: 2, themeMeta: META })).json().id;
    const source = (await t.call(admin, 'POST', '/api/dataControls/addDataControls', { ...SOURCE, title: '园区目录' })).json().id;
    const tenantAdmin = tenant.cookie!;
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['POST', '/api/theme/addTheme', { themeName: '租户主题', type: 0, themeMeta: META }],
      ['POST', `/api/theme/deleteTheme/${theme}`],
      ['POST', '/api/dataControls/addDataControls', SOURCE],
      ['POST', '/api/dataControls/updateDataControls', { ...SOURCE, id: String(source), title: '租户改' }],
      ['GET', `/api/dataControls/deleteDataControls?ids=${source}`],
    ];
    for (const [method, url, body] of calls) expect((await t.call(tenantAdmin, method, url, body)).statusCode, url).toBe(403);
    expect((await t.sql.query(`select count(*)::int n from sys_theme where theme_name = '园区蓝'`)).rows[0].n).toBe(1);
    expect((await t.sql.query(`select title from sys_data_control where id = $1`, [source])).rows[0].title).toBe('园区目录');
    // Reading stays open: a form handed down to a tenant is drawn with the park's theme.
    expect((await t.call(tenantClerk, 'GET', `/api/theme/queryThemeMeta/${theme}`)).json().errCode).toBe(0);
  });
});

describe('平台默认主题', () => {
  it("is 'default' until set, validated, and saved by the park administrator for everyone", async () => {
    expect((await t.call(nobody, 'GET', '/api/theme/platformDefault')).json()).toMatchObject({ errCode: 0, themeKey: 'default', parkThemeKey: null });
    for (const bad of ['screen', 'purple', '']) {
      const res = await t.call(admin, 'POST', '/api/theme/savePlatformDefault', { themeKey: bad });
      expect(res.json().errMsg, bad).toBe(PLATFORM_DEFAULT_TEXT.invalid);
    }
    expect((await t.call(admin, 'POST', '/api/theme/savePlatformDefault', { themeKey: 'orange' })).json()).toMatchObject({ errCode: 0, errMsg: PLATFORM_DEFAULT_TEXT.saved });
    expect((await t.call(admin, 'POST', '/api/theme/savePlatformDefault', { themeKey: 'red' })).json().errCode).toBe(0);
    expect((await t.sql.query(`select theme_key from sys_platform_theme`)).rows).toEqual([{ theme_key: 'red' }]);
    expect((await t.call(nobody, 'GET', '/api/theme/platformDefault')).json().themeKey).toBe('red');
    expect((await t.call(tenantClerk, 'GET', '/api/theme/platformDefault')).json()).toMatchObject({ themeKey: 'red', tenantThemeKey: null });
  });

  it("lets a tenant's 主管理员 set the tenant's own, which only its users get", async () => {
    expect((await t.call(tenantClerk, 'POST', '/api/theme/savePlatformDefault', { themeKey: 'blue' })).statusCode).toBe(403);
    expect((await t.call(tenant.cookie!, 'POST', '/api/theme/savePlatformDefault', { themeKey: 'yellow' })).json().errCode).toBe(0);
    expect((await t.call(tenantClerk, 'GET', '/api/theme/platformDefault')).json()).toMatchObject({ themeKey: 'yellow', parkThemeKey: 'red', tenantThemeKey: 'yellow' });
    expect((await t.call(nobody, 'GET', '/api/theme/platformDefault')).json().themeKey).toBe('red');
    const other = await insertTenant(t, '丁化工-主题');
    expect((await t.call(other.cookie!, 'GET', '/api/theme/platformDefault')).json()).toMatchObject({ themeKey: 'red', tenantThemeKey: null });
  });
});
