import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE } from '../support/fixtures.ts';
import { minutesAgo, startParkRun, stopParkRun, uploadPlatePhoto, type ParkRun } from '../support/park.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 37: the park's alarms on the phone (/m/alarms) under an iPhone-sized, touch, isMobile
 * emulation, on a park server of its own with the simulator (as park-console.spec.ts). A hazardous
 * vehicle of this run drives into the tank farm; the park administrator, whose menus hold 报警处置,
 * finds its alarm on the phone, 处置s it and sees it under 已处置. 张三, a company user without that
 * menu, is offered neither the alarms entry nor 处置 (and the server refuses him the list).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const M = `${BASE}/m`;
const SHOTS = '/tmp/m37-alarms';
const PLATE = `湘M${String(Date.now()).slice(-5)}`;
const DISPOSAL = '已电话通知驾驶员驶离罐区（手机处置）';

let run: ParkRun;

test.beforeAll(async ({ browser }) => {
  // The simulator builds the demo park and a month of history first; on a loaded machine that is slow.
  test.setTimeout(240_000);
  run = await startParkRun(browser);
  // This run's own vehicle: in at 3号门, then into the forbidden tank-farm zone.
  const photo = await uploadPlatePhoto(run.page, PLATE);
  await run.ingest('CAM-G03-IN', 'gatePasses', [
    { eventId: `m37-in-${PLATE}`, gateCode: 'G03', plate: PLATE, direction: 1, passTime: minutesAgo(6), vehicleType: '2', hazardousClass: '3', material: '甲醇', loadTons: 20, companyName: '湘江物流有限公司', photoFileId: photo },
  ]);
  const fixes = [
    [110.354, 28.296],
    [110.354, 28.3],
    [110.358, 28.303],
    [110.362, 28.3065],
  ].map(([lng, lat], i) => ({ eventId: `m37-gps-${PLATE}-${i}`, plate: PLATE, time: minutesAgo(4 - i), lat, lng, speed: 20 }));
  const sent = (await run.ingest('GPS-PLATFORM', 'positions', fixes)) as { alarms: number };
  expect(sent.alarms).toBeGreaterThanOrEqual(1);
});
test.afterAll(async () => stopParkRun(run));

async function phone(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ ...IPHONE, baseURL: run.server.baseUrl, locale: 'zh-CN' });
  const page = await context.newPage();
  await phoneLogin(page, username);
  return page;
}

test('园区管理员在手机上打开园区报警，处置本次车辆的报警，已处置中显示处置情况', async ({ browser }) => {
  const page = await phone(browser, 'admin');
  // The workbench's alarm counter leads to the list.
  const counter = page.getByTestId('counter-alarm');
  await expect(counter.locator('.m-wb-counter-value')).toHaveText(/^\d+$/);
  await counter.tap();
  await expect(page.getByText('园区报警')).toBeVisible();
  const card = page.locator('article.m-alarm-card').filter({ hasText: PLATE }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('二级报警');
  await page.screenshot({ path: `${SHOTS}-list.png` });

  await card.getByRole('button', { name: '处置' }).tap();
  const sheet = page.locator('.m-sheet').filter({ hasText: '处置报警' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: '确认处置' }).tap();
  await expect(sheet.getByRole('alert')).toHaveText('请填写处置情况');
  await sheet.locator('textarea').fill(DISPOSAL);
  await page.screenshot({ path: `${SHOTS}-dispose.png` });
  await sheet.getByRole('button', { name: '确认处置' }).tap();
  await expect(page.getByText('处置成功')).toBeVisible();
  await expect(page.locator('article.m-alarm-card').filter({ hasText: PLATE }).filter({ hasText: '未处置' })).toHaveCount(0);

  await page.getByRole('tab', { name: '已处置' }).tap();
  const handled = page.locator('article.m-alarm-card').filter({ hasText: PLATE }).filter({ hasText: DISPOSAL });
  await expect(handled.first()).toBeVisible();
  await expect(handled.first().getByRole('button', { name: '处置' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-handled.png` });
  await page.context().close();
});

test('没有报警处置菜单的用户：工作台与“我的”不提供园区报警，直接打开也没有处置按钮', async ({ browser }) => {
  const page = await phone(browser, 'zhangsan');
  await expect(page.getByTestId('counter-todo').locator('.m-wb-counter-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('counter-alarm')).toHaveCount(0);
  await page.getByRole('navigation', { name: '主导航' }).getByText('我的', { exact: true }).tap();
  await expect(page.getByTestId('me-page')).toBeVisible();
  await expect(page.getByText('园区报警')).toHaveCount(0);
  // Typed in by hand: the page opens, but nothing can be disposed of.
  await page.goto(`${M}/alarms`);
  await expect(page.getByText('园区报警')).toBeVisible();
  await expect(page.getByRole('tab', { name: '未处置' })).toBeVisible();
  // The server refuses him the list (park:view), and says so.
  await expect(page.getByText('您无权执行此操作')).toBeVisible();
  await expect(page.getByRole('button', { name: '处置' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-no-permission.png` });
  // The server is the one that decides: the disposal itself is refused to him.
  const refused = await page.request.post('/api/alarm/disposal', { headers: { 'x-requested-with': 'XMLHttpRequest' }, data: { ids: [1], disposal: '越权处置' } });
  const body = (await refused.json()) as { errCode?: number; errMsg?: string };
  expect(refused.status() === 403 || body.errCode !== 0).toBe(true);
  await page.context().close();
});
