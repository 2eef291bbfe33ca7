import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';

/* 子系统 (issue 40): the original's fields and rule messages, single sign-on's exact callback addresses, and the one-time secret. */
const RUN = Date.now().toString(36).slice(-5);

test('子系统：新增时的校验提示，分配同步账号只显示一次秘钥', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/system/sys`);
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '子系统' }).first()).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增子系统' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入子系统名称')).toBeVisible();
  await expect(dialog.getByText('请输入访问地址')).toBeVisible();
  await expect(dialog.getByText('请输入排序号')).toBeVisible();

  const name = `应急指挥${RUN}`;
  await dialog.getByLabel('子系统名称').fill(name);
  await dialog.getByLabel('访问地址').fill('ftp://x');
  await expect(dialog.getByText('请输入正确的访问地址')).toBeVisible();
  await dialog.getByLabel('访问地址').fill('https://emergency.park.example/login');
  await dialog.getByLabel('排序号').fill('0');
  await expect(dialog.getByText('必须为正整数')).toBeVisible();
  await dialog.getByLabel('排序号').fill('3');
  await dialog.locator('.ant-form-item').filter({ hasText: '是否需要单点登录' }).getByText('是', { exact: true }).click();
  await dialog.getByLabel(/回调地址/).fill('emergency.park.example/cb');
  await expect(dialog.getByText('回调地址须为完整的 http(s) 地址，每行一个')).toBeVisible();
  await dialog.getByLabel(/回调地址/).fill('https://emergency.park.example/oidc/callback');
  await dialog.locator('.ant-form-item').filter({ hasText: '是否需要数据同步' }).getByText('是', { exact: true }).click();
  await dialog.getByLabel('描述简介').fill('园区应急指挥平台');
  await page.screenshot({ path: '/tmp/s40-subsystem-dialog.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('园区应急指挥平台');

  await row.getByRole('button', { name: '分配同步账号' }).click();
  const agent = page.getByRole('dialog', { name: '数据同步账号分配' });
  await expect(agent).toContainText(name);
  await agent.getByRole('button', { name: '生成账号和秘钥' }).click();
  const secret = agent.getByTestId('agent-secret');
  await expect(secret).toHaveText(/^[A-Za-z0-9_-]{32}$/);
  await expect(agent).toContainText('密钥只显示这一次');
  await page.screenshot({ path: '/tmp/s40-subsystem-secret.png' });
  await agent.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();

  // Opened again, the secret is not shown: only when it was made, and a way to make a new one.
  await row.getByRole('button', { name: '分配同步账号' }).click();
  await expect(agent.getByTestId('agent-secret')).toHaveCount(0);
  await expect(agent.getByRole('button', { name: '重新生成秘钥' })).toBeVisible();
  await expect(agent).toContainText(/[0-9a-f]{32}/);
});
