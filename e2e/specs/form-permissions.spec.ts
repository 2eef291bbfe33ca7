import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  HAZMAT_CATALOG_FORM_NAME,
  HAZMAT_VEHICLE_FORM_NAME,
  hazmatVehicleDemoRows,
  hazmatVehicleListSettings,
  hazmatVehicleMeta,
} from '../../packages/core/src/form/demoForms.ts';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { button, chooseOption, createForm, formIdByName } from '../support/forms.ts';

/*
 * Issue 15: form permissions in 角色管理. An administrator publishes a form's list page as a menu
 * with its buttons, gives a new role only 打开页面 (view) on it with a data scope, and a user of that
 * role sees the list without 新增/编辑/删除 — and the server refuses those calls made directly.
 */

const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SCREENS = 'screenshots';

async function vehicleForm(page: Page): Promise<number> {
  const catalogId = await formIdByName(page.request, HAZMAT_CATALOG_FORM_NAME);
  const formId = await createForm(page.request, `${HAZMAT_VEHICLE_FORM_NAME}-权限-${RUN}`, hazmatVehicleMeta(catalogId));
  const meta = { ...hazmatVehicleMeta(catalogId), sensorSettings: hazmatVehicleListSettings(formId, catalogId) };
  const saved = await page.request.post('/api/form/saveformdesign', { data: { formId, formMeta: meta }, headers: XHR });
  expect(saved.ok(), await saved.text()).toBe(true);
  const orgs = await withDb(async (c) =>
    (await c.query(`select id::text as id, org_name as name from sys_org where parent_id is not null order by order_index limit 6`)).rows,
  );
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(hazmatVehicleDemoRows(orgs)[0]!)) if (v !== null) fields[k] = v;
  const res = await page.request.post(`/api/form/addformdata/${formId}`, { form: fields, headers: XHR });
  expect((await res.json()).errCode, await res.text()).toBe(0);
  return formId;
}

test.describe('表单权限与数据范围', () => {
  test('只有查看权限的角色：列表可见，无新增/编辑/删除按钮，直接调用这些接口得到403', async ({ page, browser }) => {
    await loginAsAdmin(page);
    const formId = await vehicleForm(page);
    const menuName = `车辆台账${RUN}`;
    const menu = await page.request.post('/api/user/addFullMenu', {
      headers: XHR,
      data: { name: menuName, path: `/form/list/${formId}`, component: 'FormCustom', parentId: null },
    });
    expect((await menu.json()).errCode, await menu.text()).toBe(0);

    // 角色管理: a new role, its data scope, and only the page of the form ticked.
    const roleName = `车辆查看${RUN}`;
    await page.goto(`${BASE}/system/role`);
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill(roleName);
    await expect(roleDialog.getByLabel('数据范围')).toBeVisible();
    // The scope is chosen from the list: 仅本人创建的数据 first, then back to 全部数据.
    await roleDialog.getByLabel('数据范围').click();
    await chooseOption(page, '仅本人创建的数据');
    await expect(roleDialog).toContainText('仅本人创建的数据');
    await roleDialog.getByLabel('数据范围').click();
    await chooseOption(page, '全部数据');
    await expect(roleDialog).toContainText('全部数据');
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await expect(roleDialog).toBeHidden();
    await page.getByPlaceholder('角色名称').fill(roleName);
    await page.getByPlaceholder('角色名称').press('Enter');
    const roleRow = page.getByRole('row', { name: new RegExp(roleName) });
    await expect(roleRow).toContainText('全部数据');
    await roleRow.getByRole('button', { name: '菜单权限' }).click();
    const drawer = page.getByRole('dialog', { name: `菜单权限：${roleName}` });
    await expect(drawer.getByText(`form:${formId}:add`)).toBeVisible();
    await drawer.getByRole('checkbox', { name: new RegExp(`打开页面.*form:${formId}:view`) }).click();
    await expect(drawer.getByRole('checkbox', { name: new RegExp(`新增.*form:${formId}:add`) })).toBeChecked({ checked: false });
    await fs.mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/form-permissions-role.png` });
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    // The role's holder (arranged in SQL: the user screens are tested elsewhere).
    const username = `viewer${RUN}`;
    await withDb(async (c) => {
      const u = await c.query(
        `insert into sys_user (username, password_hash, real_name) select $1, password_hash, '只读用户' from sys_user where username = 'admin' returning id`,
        [username],
      );
      await c.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_name = $2`, [u.rows[0].id, roleName]);
    });

    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const viewer = await context.newPage();
    await loginAs(viewer, username, E2E_ADMIN_PASSWORD);
    await expect(viewer.getByTestId('top-bar')).toBeVisible();
    await viewer.getByTestId('top-bar').getByRole('link', { name: menuName }).click();
    await expect(viewer).toHaveURL(`${BASE}/form/list/${formId}`);
    const rows = viewer.locator('.list-page .ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('皖A12345');
    await expect(rows.first().getByRole('button', { name: '详情' })).toBeVisible();
    for (const name of ['新增', '删除', '导入', '导出']) await expect(button(viewer, name)).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: '删除' })).toHaveCount(0);
    await viewer.screenshot({ path: `${SCREENS}/form-permissions-viewer.png` });

    // Hidden buttons are not the protection: the server refuses the calls themselves.
    const id = await withDb(async (c) => (await c.query(`select id from form_${formId} limit 1`)).rows[0].id as string);
    const add = await viewer.request.post(`/api/form/addformdata/${formId}`, { form: { plate_no: '皖Z00000' }, headers: XHR });
    expect([add.status(), (await add.json()).errMsg]).toEqual([403, '您无权执行此操作']);
    const edit = await viewer.request.post(`/api/form/updateformdata/${formId}`, { form: { id, plate_no: '篡改' }, headers: XHR });
    expect(edit.status()).toBe(403);
    const del = await viewer.request.get(`/api/form/batchdeleteformdata/${formId}?businessIds=${id}`, { headers: XHR });
    expect(del.status()).toBe(403);
    const stillThere = await withDb(async (c) => (await c.query(`select plate_no from form_${formId} where id = $1`, [id])).rows);
    expect(stillThere).toHaveLength(1);
    await context.close();
  });
});
