import { expect, test, type Page } from '@playwright/test';
import { BASE, withDb } from '../support/fixtures.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 37 "Speed", ADR 0058: the mobile client's service worker under a phone's emulation. Once
 * opened, the workbench opens again without the network (the shell and the first screen's last
 * answers from the cache); the cached answers are the signed-in user's only, and 退出登录 throws them
 * away before the next user signs in on the same phone.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.use({ ...IPHONE, browserName: 'chromium' });
const M = `${BASE}/m`;
const SHOTS = '/tmp/m37-sw';

async function signIn(page: Page, username: string) {
  await phoneLogin(page, username);
  await expect(page.getByTestId('counter-todo').locator('.m-wb-counter-value')).toHaveText(/^\d+$/);
}

const dataCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('park-m-data-')).sort());
/** The paths a user's data cache holds (none when it does not exist; opening it would make it). */
const cachedPaths = (page: Page, cache: string) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []), cache);
const userId = (username: string) => withDb(async (c) => String((await c.query('select id from sys_user where username = $1', [username])).rows[0].id));

test('打开过的工作台在断网时仍能打开；退出登录后换人登录，看不到上一位用户缓存的数据', async ({ page, context }) => {
  await signIn(page, 'admin');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The worker controls the page from its next load on; that load's answers are kept for admin.
  await page.reload();
  await expect(page.getByTestId('workbench')).toBeVisible();
  const adminCache = `park-m-data-${await userId('admin')}`;
  await expect.poll(() => dataCaches(page)).toEqual([adminCache]);
  // Each answer is stored behind the page (sw.js remember): the counter's may land after the cache exists.
  await expect.poll(() => cachedPaths(page, adminCache)).toContain('/api/flow/queryWatiDoneTaskCount');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('counter-todo').locator('.m-wb-counter-value')).toHaveText(/^\d+$/);
  await page.screenshot({ path: `${SHOTS}-offline-workbench.png` });
  await context.setOffline(false);

  await page.getByRole('navigation', { name: '主导航' }).getByText('我的', { exact: true }).tap();
  await page.getByText('退出登录').tap();
  await page.locator('.adm-dialog').getByText('确定').tap();
  await expect(page).toHaveURL(new RegExp(`${M}/login`));
  expect(await dataCaches(page)).toEqual([]);

  await signIn(page, 'zhangsan');
  await page.getByRole('navigation', { name: '主导航' }).getByText('我的', { exact: true }).tap();
  await expect(page.getByText('账号：zhangsan')).toBeVisible();
  await expect.poll(() => dataCaches(page)).toEqual([`park-m-data-${await userId('zhangsan')}`]);
  await page.screenshot({ path: `${SHOTS}-next-user.png` });
});
