import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_FUNCTION_TYPE, SPECIAL_PAGES, SPECIAL_SERVICES_MENU, type SpecialPage } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/testApp.ts';
import { syncSpecialPages } from './specialServices.ts';

/*
 * 专项服务 (issue 40): the shipped registry's pages seeded at start, then the machinery with a
 * registry of this test's own: menus under the group, the park administrator's grant,
 * functions of type 2 a micro-app can hold, and a second run that adds nothing.
 */

let t: TestApp;
let admin: string;
const TEST_PAGES: Record<string, SpecialPage> = {
  TestWaybill: { name: '测试电子运单', path: '/specialServices/testWaybill', perms: 'special:testWaybill', showType: 2 },
  TestInspection: { name: '测试巡检', path: '/specialServices/testInspection', perms: 'special:testInspection' },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const count = async (text: string, params: unknown[] = []) => (await t.sql.query<{ n: number }>(text, params)).rows[0]!.n;

describe('专项服务', () => {
  it('seeds every shipped page under the group (the start-up sync)', async () => {
    const shipped = Object.entries(SPECIAL_PAGES).map(([component, p]) => ({ component, path: p.path }));
    const menus = await t.sql.query(`select c.component, c.path from sys_menu c join sys_menu g on g.id = c.parent_id where g.path = $1 and g.parent_id is null order by c.order_index`, [SPECIAL_SERVICES_MENU.path]);
    expect(menus.rows).toEqual(shipped);
  });

  it('puts each registered page under the group, granted to the park administrator, as a function of type 2', async () => {
    const db = t.booted.ctx.db;
    await syncSpecialPages(db, TEST_PAGES);
    await syncSpecialPages(db, TEST_PAGES); // idempotent
    const menus = await t.sql.query(
      `select c.name, c.path, c.component, c.perms, c.level from sys_menu c join sys_menu g on g.id = c.parent_id
       where g.path = $1 and g.parent_id is null and c.component like 'Test%' order by c.order_index`,
      [SPECIAL_SERVICES_MENU.path],
    );
    expect(menus.rows).toEqual([
      { name: '测试电子运单', path: '/specialServices/testWaybill', component: 'TestWaybill', perms: 'special:testWaybill', level: 2 },
      { name: '测试巡检', path: '/specialServices/testInspection', component: 'TestInspection', perms: 'special:testInspection', level: 2 },
    ]);
    expect(await count(`select count(*)::int n from sys_menu where path = $1`, [SPECIAL_SERVICES_MENU.path])).toBe(1);

    // The park administrator's role holds the group and both pages.
    expect(
      await count(
        `select count(*)::int n from sys_role_menu rm join sys_role r on r.id = rm.role_id join sys_menu m on m.id = rm.menu_id
         where r.role_code = 'park_admin' and (m.path like '/specialServices/test%' or m.path = $1)`,
        [SPECIAL_SERVICES_MENU.path],
      ),
    ).toBe(3);
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'special_park_admin', password_hash, '园区管理员' from sys_user where username = 'admin'`,
    );
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select u.id, r.id from sys_user u, sys_role r where u.username = 'special_park_admin' and r.role_code = 'park_admin'`);
    const parkAdmin = await t.login('special_park_admin', ADMIN_PASSWORD);
    const menuText = JSON.stringify((await t.call(parkAdmin, 'GET', '/api/user/listRouter')).json());
    expect(menuText).toContain('测试电子运单');

    // 功能管理 lists them as type 2 (全部 / 移动端 as registered), and a micro-app holds one.
    const fns = (await t.call(admin, 'GET', `/api/micro/function/list?pageNum=1&pageSize=50&type=${SPECIAL_FUNCTION_TYPE}`)).json();
    const listed = fns.datas.map((f: { funName: string; type: number; showType: number; component: string; menuUrl: string }) => [f.funName, f.type, f.showType, f.component, f.menuUrl]);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['测试电子运单', 2, 2, 'TestWaybill', '/specialServices/testWaybill'],
        ['测试巡检', 2, 0, 'TestInspection', '/specialServices/testInspection'],
      ]),
    );
    expect(listed.filter((f: unknown[]) => String(f[3]).startsWith('Test'))).toHaveLength(2);
    const waybill = fns.datas.find((f: { component: string }) => f.component === 'TestWaybill').id;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/micro/app/add',
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `appType=0&appName=${encodeURIComponent('运单应用')}&iconName=cheliangguanli&iconBgColor=${encodeURIComponent('#409EFF')}&funIds=${waybill}`,
    });
    expect(added.json().errCode).toBe(0);
    const held = (await t.call(admin, 'GET', `/api/micro/function/listByAppId?appId=${added.json().id}`)).json();
    expect(JSON.stringify(held)).toContain('测试电子运单');
  });
});
