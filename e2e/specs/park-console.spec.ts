import { expect, test } from '@playwright/test';
import { minutesAgo, recordReplies, startParkRun, stopParkRun, uploadPlatePhoto, type ParkRun } from '../support/park.ts';

/*
 * 园区监管 (issue 24) on a server of its own with the demo park's simulator running. One login for
 * the file; the tests run in order on one page. Each screen's numbers are checked against the
 * statistics call that the page itself made (the simulator keeps changing them).
 */
test.describe.configure({ mode: 'serial' });

let run: ParkRun;
let reply: ReturnType<typeof recordReplies>;
const PLATE = `湘E${String(Date.now()).slice(-5)}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  run = await startParkRun(browser);
  reply = recordReplies(run.page);
});
test.afterAll(async () => stopParkRun(run));

type Data<T> = { data: T };

test('园区总览：数字与统计接口一致，每 15 秒自动刷新，不重新加载页面', async () => {
  test.setTimeout(60_000);
  const { page } = run;
  await page.goto(run.url('/park/overview'));
  await expect(page.getByRole('heading', { name: '园区总览' })).toBeVisible();
  const inPark = () => reply<Data<{ total: number; hazardous: number }>>('/api/statistics/parkoverview/car/inpark/total');
  await expect.poll(() => inPark()).toBeTruthy();
  await expect.poll(async () => (await page.getByTestId('fig-inpark-total').textContent())?.replace(/\D/g, '')).toBe(String(inPark()!.data.total));
  await expect.poll(async () => (await page.getByTestId('fig-inpark-hazardous').textContent())?.replace(/\D/g, '')).toBe(String(inPark()!.data.hazardous));
  const flow = () => reply<Data<{ in: number; out: number }>>('/api/statistics/parkoverview/car/flow/total')!;
  await expect.poll(async () => (await page.getByTestId('fig-flow-in').textContent())?.replace(/\D/g, '')).toBe(String(flow().data.in));
  const warn = () => reply<Data<{ unhandled: number }>>('/api/alarm/warnNumbers')!;
  await expect.poll(async () => (await page.getByTestId('fig-alarm-unhandled').textContent())?.replace(/\D/g, '')).toBe(String(warn().data.unhandled));
  for (const id of ['chart-gate', 'chart-hour', 'chart-hazardous-class', 'chart-persons', 'chart-alarm-levels', 'chart-devices', 'chart-risk']) {
    await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/screens/park-overview-1920.png' });

  // Live: the same page asks again (no navigation), no sooner than 10 s.
  let navigated = false;
  page.on('framenavigated', () => (navigated = true));
  const first = Date.now();
  await page.waitForResponse((r) => r.url().includes('/car/inpark/total'), { timeout: 25_000 });
  expect(Date.now() - first).toBeGreaterThan(9_000);
  expect(navigated).toBe(false);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/park-overview-1440.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
});

test('报警：车辆闯入禁行区域，报警出现在报警列表和地图上，在地图上处置后列表显示处置情况', async () => {
  test.setTimeout(90_000);
  const { page } = run;
  // A hazardous vehicle enters at 3号门 (with the plate camera's photo) and drives into the tank farm.
  const photo = await uploadPlatePhoto(page, PLATE);
  await run.ingest('CAM-G03-IN', 'gatePasses', [
    { eventId: `e2e-in-${PLATE}`, gateCode: 'G03', plate: PLATE, direction: 1, passTime: minutesAgo(6), vehicleType: '2', hazardousClass: '3', material: '甲醇', loadTons: 25, companyName: '湘江物流有限公司', photoFileId: photo },
  ]);
  const fixes = [
    [110.354, 28.296],
    [110.354, 28.3],
    [110.358, 28.303],
    [110.362, 28.3065],
  ].map(([lng, lat], i) => ({ eventId: `e2e-gps-${PLATE}-${i}`, plate: PLATE, time: minutesAgo(4 - i), lat, lng, speed: 20 }));
  const sent = (await run.ingest('GPS-PLATFORM', 'positions', fixes)) as { alarms: number };
  expect(sent.alarms).toBeGreaterThanOrEqual(1);

  // 报警处置: waiting numbers as the call says; the new alarm in the list with its level's colour.
  await page.goto(run.url('/park/alarm'));
  await expect(page.getByRole('heading', { name: '报警处置' })).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ hasText: PLATE }).filter({ hasText: '闯入禁行区域' });
  await expect(row).toBeVisible();
  await expect(row.locator('.park-level-tag')).toHaveText('二级报警');
  await expect(row).toContainText('未处置');
  const numbers = reply<Data<{ levels: Array<{ code: string; value: number }> }>>('/api/alarm/warnNumbers')!;
  for (const l of numbers.data.levels) await expect(page.getByTestId(`waiting-${l.code}`)).toContainText(String(l.value));
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('报警位置')).toBeVisible();
  await expect(drawer.getByTestId('alarm-spot').locator('.leaflet-tile-container canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/park-alarm-detail.png' });
  await drawer.getByRole('button', { name: '关闭' }).click();

  // 园区地图: the alarm's pin where it happened, and in the sidebar; disposed from its popup.
  const list = reply<{ datas: Array<{ id: number; plate: string | null; alarmType: string }> }>('/api/alarm/warnList')!;
  const alarm = list.datas.find((a) => a.plate === PLATE && a.alarmType === 'forbidden_zone')!;
  await page.goto(run.url('/park/map'));
  const pin = page.locator(`[data-alarm-id="${alarm.id}"]`);
  await expect(pin).toBeVisible();
  await expect(page.locator('.park-map-alarm-item').filter({ hasText: PLATE })).toBeVisible();
  await expect(page.locator('.park-vehicle').first()).toBeVisible();
  await expect(page.locator('.leaflet-tooltip').filter({ hasText: PLATE })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/park-map-1920.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/park-map-1440.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await pin.click();
  await page.locator('.park-popup').getByRole('button', { name: '处置' }).click();
  const dialog = page.getByRole('dialog', { name: '处置报警' });
  await dialog.getByRole('button', { name: '确认处置' }).click();
  await expect(dialog.getByText('请填写处置情况')).toBeVisible();
  await dialog.getByLabel('处置情况').fill('已电话通知驾驶员驶离罐区，安保到场确认');
  await dialog.getByRole('button', { name: '确认处置' }).click();
  await expect(page.getByText('处置成功')).toBeVisible();
  await expect(pin).toHaveCount(0);

  // The list shows who disposed of it and how.
  await page.goto(run.url('/park/alarm'));
  await page.getByRole('combobox').nth(2).click();
  await page.locator('.ant-select-dropdown:visible').getByText('已处置', { exact: true }).click();
  const handled = page.locator('.ant-table-row').filter({ hasText: PLATE }).filter({ hasText: '闯入禁行区域' });
  await expect(handled).toContainText('已处置');
  await handled.getByRole('button', { name: '详情' }).click();
  await expect(page.locator('.ant-drawer')).toContainText('已电话通知驾驶员驶离罐区，安保到场确认');
  await expect(page.locator('.ant-drawer')).toContainText('系统管理员');
});
