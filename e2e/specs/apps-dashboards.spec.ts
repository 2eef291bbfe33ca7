import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 41: what the two demo applications ship as package parts, as a person finds it. The park's
 * administrator opens 巡检管理 › 巡检看板 and 危化品运输 › 危化品运输大屏 at their menus' addresses (datasets
 * and dashboards installed by the packages); on the phone the workbench shows both micro-apps
 * under 安全管理 › 园区应用, and 巡检 opens its functions.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });
const SHOTS = '/tmp/apps41';

/** The dashboard's menu address (the top bar's later rows hide behind 更多 on a shared server; shell.spec covers that walk). */
const menuPath = (name: string) => withDb(async (c) => String((await c.query(`select path from sys_menu where company_id is null and name = $1`, [name])).rows[0].path));

test('the administrator opens both dashboards at their menus', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  await page.goto(`${BASE}${await menuPath('巡检看板')}`);
  for (const title of ['已巡检点次', '漏检点次', '隐患（按企业）', '未整改隐患（按企业）', '到期未整改隐患（按企业）', '隐患明细']) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}-xj-dashboard.png`, fullPage: true });

  await page.goto(`${BASE}${await menuPath('危化品运输大屏')}`);
  for (const title of ['运单总数', '运单（按收货企业）', '运输货物（按品名，吨）', '每日运单', '30天内到期的车辆道路运输证', '30天内到期的驾驶员从业资格证']) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  // The demo's 皖A30002: its 道路运输证 runs out in 20 days.
  await expect(page.getByText('皖A30002').first()).toBeVisible();
  await expect(page.getByText('专项服务 › 门岗运单', { exact: false }).first()).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}-tp-dashboard.png`, fullPage: true });
});

test('both micro-apps are on the phone’s workbench; 巡检 opens its functions', async ({ browser }) => {
  const ctx = await browser.newContext({ ...IPHONE, locale: 'zh-CN' });
  const pp = await ctx.newPage();
  await phoneLogin(pp, 'admin');
  const group = pp.getByRole('region', { name: '安全管理' });
  await expect(group.getByTestId('app-危化品运输')).toBeVisible();
  await expect(group.getByTestId('app-巡检')).toBeVisible();
  await pp.screenshot({ path: `${SHOTS}-m-workbench.png`, fullPage: true });
  await group.getByTestId('app-巡检').tap();
  await expect(pp.getByText('巡检记录（扫码）').first()).toBeVisible();
  await pp.screenshot({ path: `${SHOTS}-m-xj-functions.png`, fullPage: true });
  await ctx.close();
});
