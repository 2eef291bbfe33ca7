import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin } from '../support/fixtures.ts';

/*
 * Issue 36 (t2): a tenant administers itself, and the park sees it. The demo tenant's 主管理员
 * (tenant_demo, seeded with the administrator's password) logs in, sees only its own 系统管理,
 * adds an organisation, a 普通用户 in it and a role granting a menu; the park's administrator
 * opens 租户管理 › 用户 and › 组织, picks that tenant and finds them. Names carry a per-run suffix.
 */
const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const TENANT = '示范化工租户有限公司';

type MenuNode = { name: string; path: string; children: MenuNode[] };
const paths = (menus: MenuNode[]): string[] => menus.flatMap((m) => [m.path, ...paths(m.children)]);

async function pickOption(page: Page, dialog: Locator, field: Locator, search: string) {
  await field.click();
  await field.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByText(search, { exact: true }).first().click();
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test.describe('租户自管理', () => {
  test('租户主管理员只见本租户的系统管理，建组织、用户和角色；园区在租户管理中选中该租户看到它们', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const orgName = `储运部${RUN}`;
    const username = `tuser${RUN}`;
    const roleName = `储运员${RUN}`;

    // 1. The tenant's 主管理员: its 系统管理, nothing of the park's.
    await loginAs(page, 'tenant_demo');
    const bar = page.getByTestId('top-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: '系统管理' })).toBeVisible();
    await expect(bar.getByRole('link', { name: '租户管理' })).toHaveCount(0);
    const router = await (await page.request.get('/api/user/listRouter/1', { headers: XHR })).json();
    const seen = paths(router.children);
    expect(seen).toEqual(expect.arrayContaining(['/system/user', '/system/org', '/system/role', '/system/dict', '/system/log']));
    for (const parkOnly of ['/system/menu', '/system/sys', '/system/settings', '/tenant']) expect(seen).not.toContain(parkOnly);
    await bar.getByRole('link', { name: '系统管理' }).hover();
    await expect(page.getByRole('menuitem', { name: '组织机构' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '菜单管理' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/t2-tenant-menus.png' });

    // 2. An organisation under its own root (the park's 园区管委会 is not there).
    await page.goto(`${BASE}/system/org`);
    const tree = page.getByTestId('org-tree');
    await expect(tree.getByText(TENANT, { exact: true })).toBeVisible();
    await expect(tree.getByText('园区管委会', { exact: true })).toHaveCount(0);
    await tree.getByText(TENANT, { exact: true }).click();
    await page.getByRole('button', { name: '新增下级' }).click();
    const orgDialog = page.getByRole('dialog', { name: /新增下级组织/ });
    await orgDialog.getByLabel('组织名称').fill(orgName);
    await orgDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(tree.getByText(orgName)).toBeVisible();
    await page.screenshot({ path: '/tmp/t2-tenant-org.png' });

    // 3. A role granting 首页 (only what the park lets tenants have is offered).
    await page.goto(`${BASE}/system/role`);
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill(roleName);
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await expect(roleDialog).toBeHidden();
    await page.getByPlaceholder('角色名称').fill(roleName);
    await page.getByPlaceholder('角色名称').press('Enter');
    await page.getByRole('row', { name: new RegExp(roleName) }).getByRole('button', { name: '菜单权限' }).click();
    const drawer = page.getByRole('dialog', { name: `菜单权限：${roleName}` });
    await expect(drawer.getByRole('checkbox', { name: '首页', exact: true })).toBeVisible();
    await expect(drawer.getByText('菜单管理')).toHaveCount(0);
    await expect(drawer.getByText('租户管理')).toHaveCount(0);
    await drawer.getByRole('checkbox', { name: '首页', exact: true }).click();
    await page.screenshot({ path: '/tmp/t2-tenant-role.png' });
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    // 4. A 普通用户 in the new organisation with the new role.
    await page.goto(`${BASE}/system/user`);
    await page.getByRole('button', { name: '新增用户' }).click();
    const userDialog = page.getByRole('dialog', { name: '新增用户' });
    await userDialog.getByLabel('用户名').fill(username);
    await userDialog.getByLabel('姓名').fill('储运员甲');
    await expect(userDialog.getByLabel('租户用户类型')).toBeVisible();
    await expect(userDialog.getByLabel('用户类型', { exact: true })).toHaveCount(0);
    await pickOption(page, userDialog, userDialog.getByLabel('所属组织'), orgName);
    await pickOption(page, userDialog, userDialog.getByLabel('角色'), roleName);
    await page.screenshot({ path: '/tmp/t2-tenant-user-form.png' });
    await userDialog.getByRole('button', { name: '保存' }).click();
    await page.getByRole('button', { name: '我已记下' }).click();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText(orgName);
    // The park's users are not in its list, nor reachable by id.
    await page.getByPlaceholder('用户名、姓名或手机号').fill('admin');
    await page.getByPlaceholder('用户名、姓名或手机号').press('Enter');
    await expect(page.getByRole('row', { name: /系统管理员/ })).toHaveCount(0);
    const refused = await page.request.post('/api/user/resetPwd', { headers: XHR, data: { id: 1 } });
    expect([403, 404]).toContain(refused.status());

    // 5. The park: 租户管理 › 用户 and › 组织, that tenant picked.
    const park = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const parkPage = await park.newPage();
    await loginAsAdmin(parkPage);
    await expect(parkPage.getByTestId('top-bar').getByRole('link', { name: '租户管理' })).toBeVisible();
    await parkPage.goto(`${BASE}/tenant/user`);
    const select = parkPage.getByRole('combobox', { name: '租户' });
    await select.click();
    await select.fill(TENANT);
    await parkPage.locator('.ant-select-dropdown:visible').getByText(TENANT, { exact: true }).click();
    const row = parkPage.getByRole('row', { name: new RegExp(username) });
    await expect(row).toContainText('普通用户');
    await expect(row).toContainText(roleName);
    await expect(parkPage.getByRole('row', { name: /tenant_demo/ })).toContainText('主管理员');
    await parkPage.screenshot({ path: '/tmp/t2-park-tenant-user.png' });
    await row.click();
    const detail = parkPage.getByRole('dialog', { name: '查看' });
    await expect(detail).toContainText('普通用户');
    await expect(detail).toContainText(roleName);
    await parkPage.keyboard.press('Escape');

    await parkPage.goto(`${BASE}/tenant/org`);
    await parkPage.getByRole('combobox', { name: '租户' }).click();
    await parkPage.getByRole('combobox', { name: '租户' }).fill(TENANT);
    await parkPage.locator('.ant-select-dropdown:visible').getByText(TENANT, { exact: true }).click();
    await parkPage.locator('.ant-tree').getByText(TENANT, { exact: true }).click();
    await expect(parkPage.getByRole('row', { name: new RegExp(orgName) })).toBeVisible();
    await expect(parkPage.getByText(`当前组织：${TENANT}`)).toBeVisible();
    await parkPage.screenshot({ path: '/tmp/t2-park-tenant-org.png' });
    await park.close();
  });
});
