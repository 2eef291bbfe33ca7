import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin } from '../support/fixtures.ts';
import { button, confirm, dialog, toast } from '../support/forms.ts';

/*
 * Issue 36, 租户管理 › 租户信息 in Chromium through the real server: the park adds a tenant (the
 * dialog's rules first), sees its 主管理员's initial password once, the 主管理员 logs in with it and
 * must change it; the park disables the tenant and the 主管理员's session ends and login is refused;
 * enabled again, the 主管理员 logs in. Names and the phone carry a per-run suffix.
 */

const RUN = String(Date.now()).slice(-8);
const TENANT = `马鞍山租户测试化工有限公司${RUN}`;
const PHONE = `137${RUN}`;
const NEW_PASSWORD = 'Tenant@2026';
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/t1-tenant-manage-${n}.png`, fullPage: true });
const ERROR = '.ant-form-item-explain-error:not([class*="-leave"])';
const fieldError = (page: Page, id: string) => page.locator('.ant-form-item').filter({ has: page.locator(`#${id}`) }).locator(ERROR);

async function pickRegion(page: Page, names: string[]) {
  await page.locator('#tenant_region').click();
  for (const [i, name] of names.entries()) {
    await page.locator(`.ant-cascader-dropdown:visible .ant-cascader-menu`).nth(i).locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) }).click();
  }
  // A county is a leaf: choosing it closes the list.
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await expect(dialog(page, '新增租户').getByTitle(names.join(' / '))).toBeVisible();
}

const tenantRow = (page: Page) => page.locator('.ant-table-row').filter({ hasText: TENANT });

test('the park adds a tenant, its 主管理员 logs in with the password shown once; disabled, it is refused', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  // 租户管理 sits on the top bar's second row (更多) at this window width; it opens its first page.
  const tenantMenu = page.getByTestId('top-bar').getByRole('link', { name: '租户管理' });
  await expect(async () => {
    // Each press shows the next row; the menu is clickable once its row is in the window.
    await page.getByRole('button', { name: '切换菜单行' }).click();
    await tenantMenu.click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('menuitem', { name: '租户信息' }).click();
  await expect(page).toHaveURL(`${BASE}/tenant/manage`);
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('租户信息');

  // 新增 with nothing filled: the original's messages, nothing sent.
  await button(page, '新增').click();
  const add = dialog(page, '新增租户');
  await expect(add).toBeVisible();
  await button(add, '保存').click();
  await expect(fieldError(page, 'tenant_tenantName')).toHaveText('租户名称不能为空');
  await expect(fieldError(page, 'tenant_industry')).toHaveText('行业不能为空');
  await expect(fieldError(page, 'tenant_phone')).toHaveText('联系人手机号码不能为空');
  await expect(toast(page, '所在地信息需填写完整')).toBeVisible();
  await page.locator('#tenant_tenantName').fill('甲');
  await page.locator('#tenant_phone').fill('12345678901');
  await page.locator('#tenant_email').fill('not-an-email');
  await page.locator('#tenant_contact').click();
  await expect(fieldError(page, 'tenant_tenantName')).toHaveText('长度在 2 到 50 个字符');
  await expect(fieldError(page, 'tenant_phone')).toHaveText('请输入正确的手机号码');
  await expect(fieldError(page, 'tenant_email')).toHaveText('请输入正确的邮箱地址');
  await shot(page, '1-rules');

  await page.locator('#tenant_tenantName').fill(TENANT);
  await page.locator('#tenant_industry').fill('危险化学品仓储');
  await pickRegion(page, ['安徽省', '马鞍山市', '和县']);
  await page.locator('#tenant_address').fill('化工园区纬三路8号');
  await page.locator('#tenant_contact').fill('王主任');
  await page.locator('#tenant_phone').fill(PHONE);
  await page.locator('#tenant_email').fill('wang@example.com');
  await shot(page, '2-filled');
  await button(add, '保存').click();

  // The initial password, once, copyable.
  const once = page.locator('.ant-modal-confirm').filter({ hasText: '新增租户成功' });
  await expect(once).toBeVisible();
  await expect(once).toContainText(PHONE);
  const password = (await once.getByTestId('one-time-password').textContent())!.trim();
  expect(password).not.toBe('kh123456');
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect(once.locator('.ant-typography-copy')).toBeVisible();
  await shot(page, '3-password');
  await once.getByRole('button', { name: '我已记下' }).click();
  await expect(once).toHaveCount(0);

  // Found by the search, with its 所在地 and creator.
  await page.getByLabel('租户名称').fill(TENANT);
  await button(page, '查询').click();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(tenantRow(page)).toContainText('安徽省马鞍山市和县');
  await expect(tenantRow(page)).toContainText(PHONE);
  await expect(tenantRow(page)).toContainText('admin');
  await expect(tenantRow(page).getByRole('button', { name: '工作台' })).toBeVisible();
  await shot(page, '4-list');

  // 工作台: the park opens the new tenant's workbench; an empty one starts with the four default groups.
  await tenantRow(page).getByRole('button', { name: '工作台' }).click();
  const workbench = page.getByRole('dialog', { name: `工作台分组 - ${TENANT}` });
  await expect(page.getByText('工作台未含任何分组,自动添加默认分组')).toBeVisible();
  for (const group of ['安全管理', '健康管理', '环保管理', '其他']) await expect(workbench.getByText(group).first()).toBeVisible();
  await shot(page, '4b-workbench');
  await workbench.getByRole('button', { name: '关闭' }).first().click();
  await expect(workbench).toBeHidden();

  // The 主管理员 logs in with the phone and the password shown, and must change it first.
  const ctx = await browser.newContext();
  const tenantPage = await ctx.newPage();
  await loginAs(tenantPage, PHONE, password);
  await expect(tenantPage).toHaveURL(/\/changePassword/);
  await tenantPage.getByLabel('初始密码').fill(password);
  await tenantPage.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await tenantPage.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await shot(tenantPage, '5-change');
  await button(tenantPage, '修改并进入').click();
  await expect(tenantPage.getByTestId('top-bar')).toBeVisible();

  // The park disables the tenant: asked first, then the 主管理员's session is gone.
  await tenantRow(page).getByRole('switch').click();
  await confirm(page, '是否禁用租户？');
  await expect(toast(page, '禁用租户成功')).toBeVisible();
  await expect(tenantRow(page).getByRole('switch')).not.toBeChecked();
  await tenantPage.reload();
  await expect(tenantPage).toHaveURL(/\/login/);
  await loginAs(tenantPage, PHONE, NEW_PASSWORD);
  await expect(tenantPage.getByTestId('login-error')).toContainText('所属租户已被禁用，请联系园区管理员');
  await shot(tenantPage, '6-refused');

  // Enabled again, the 主管理员 gets in.
  await tenantRow(page).getByRole('switch').click();
  await confirm(page, '是否启用租户？');
  await expect(toast(page, '启用租户成功')).toBeVisible();
  await loginAs(tenantPage, PHONE, NEW_PASSWORD);
  await expect(tenantPage.getByTestId('top-bar')).toBeVisible();

  // 编辑: the phone is the login and cannot change; the name can.
  await tenantRow(page).getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '修改租户');
  await expect(edit.locator('#tenant_phone')).toBeDisabled();
  await edit.locator('#tenant_industry').fill('精细化工');
  await shot(page, '7-edit');
  await button(edit, '保存').click();
  await expect(toast(page, '修改租户成功')).toBeVisible();
  await expect(tenantRow(page)).toContainText('精细化工');
  await ctx.close();
});
