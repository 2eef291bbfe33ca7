import { expect, test, type Page } from '@playwright/test';
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
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

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
  await expect(page.locator('.ant-drawer [class*="motion"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/park-alarm-detail.png' });
  await drawer.getByRole('button', { name: '关闭' }).click();

  // 园区地图: the alarm's pin where it happened, and in the sidebar; disposed from its popup.
  const list = reply<{ datas: Array<{ id: number; plate: string | null; alarmType: string }> }>('/api/alarm/warnList')!;
  const alarm = list.datas.find((a) => a.plate === PLATE && a.alarmType === 'forbidden_zone')!;
  await page.goto(run.url('/park/map'));
  const pin = page.locator(`[data-alarm-id="${alarm.id}"]`);
  await expect(pin).toBeVisible();
  // The same pass also raised 无有效运单入园 (a hazardous vehicle without a waybill, issue 41): pick this one.
  await expect(page.locator('.park-map-alarm-item').filter({ hasText: PLATE }).filter({ hasText: '闯入禁行区域' })).toBeVisible();
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
  await expect(toast(page, '处置成功')).toBeVisible();
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

test('卡口：实时通行带抓拍照片，确认后开闸，下发白名单；开闸经模拟设备执行并记录', async () => {
  test.setTimeout(60_000);
  const { page } = run;
  const gates = await run.api<{ datas: Array<{ id: number; gateCode: string; gateName: string }> }>('/api/park/gate/list');
  const g3 = gates.datas.find((g) => g.gateCode === 'G03')!;
  await page.goto(run.url(`/park/gate?gateId=${g3.id}`));
  await expect(page.getByRole('heading', { name: '卡口管理' })).toBeVisible();
  const pass = page.getByTestId('gate-passes').locator('.ant-table-row').filter({ hasText: PLATE });
  await expect(pass).toContainText('危化品车辆');
  await expect(pass).toContainText('甲醇 25 吨');
  await expect(pass.locator('img[alt="抓拍照片"]')).toBeVisible();
  await expect.poll(() => pass.locator('img[alt="抓拍照片"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Today's counts at this gate, as the statistics call gives them.
  const today = () => reply<{ datas: Array<{ gateId: number; inCount: number; outCount: number }> }>('/api/statistics/parkoverview/gate/car')!.datas.find((g) => g.gateId === g3.id)!;
  await expect.poll(async () => (await page.getByTestId('gate-in').textContent())?.replace(/\D/g, '')).toBe(String(today().inCount));

  // Open the barrier: asked first, then done by the (simulated) device and logged.
  await page.getByRole('button', { name: '开闸' }).click();
  await expect(page.getByText(`确认开启${g3.gateName}道闸吗？`)).toBeVisible();
  await page.getByRole('button', { name: '确认开闸' }).click();
  await expect(toast(page, `${g3.gateName}道闸已开启`)).toBeVisible();
  const doorLog = page.getByTestId('command-log-door').locator('.ant-table-row').first();
  await expect(doorLog).toContainText('开闸');
  await expect(doorLog).toContainText(g3.gateName);
  await expect(doorLog).toContainText('成功');

  // White list: a bad plate is refused in the dialog, a good one is sent and listed.
  await page.getByRole('button', { name: '下发白名单' }).click();
  const dialog = page.getByRole('dialog', { name: /下发白名单/ });
  await dialog.getByLabel('车牌号').fill('ABC');
  await dialog.getByRole('button', { name: '下发' }).click();
  await expect(dialog.getByText('车牌号格式不正确：ABC')).toBeVisible();
  await dialog.getByLabel('车牌号').fill('湘A66666');
  await dialog.getByLabel('车主/单位').fill('湘江物流有限公司');
  await dialog.getByRole('button', { name: '下发' }).click();
  await expect(toast(page, '已下发 1 条白名单')).toBeVisible();
  await expect(page.getByTestId('white-list').locator('.ant-table-row').filter({ hasText: '湘A66666' })).toContainText(g3.gateName);
  await expect(page.getByTestId('command-log-whiteList').locator('.ant-table-row').first()).toContainText('下发白名单');
  await page.screenshot({ path: 'test-results/screens/park-gate-1920.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/park-gate-1440.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
});

test('应急广播：选分区播放文字广播、调音量、停止；经模拟广播主机执行并记录', async () => {
  const { page } = run;
  await page.goto(run.url('/park/broadcast'));
  await expect(page.getByRole('heading', { name: '应急广播' })).toBeVisible();
  const zone = page.getByTestId('broadcast-zones').locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: '罐区', exact: true }) });
  await expect(zone).toContainText('2号广播主机');
  await page.getByRole('button', { name: '播放文字' }).click();
  await expect(toast(page, '请选择广播分区')).toBeVisible();
  await zone.getByRole('checkbox').check();
  await page.getByLabel('广播内容').fill('罐区发生泄漏，请立即沿疏散路线撤离');
  await page.getByLabel('播放遍数').fill('2');
  await page.getByRole('button', { name: '播放文字' }).click();
  await expect(toast(page, '文字广播已开始，播放 2 遍')).toBeVisible();
  await expect(zone).toContainText('文字：罐区发生泄漏，请立即沿疏散路线撤离');
  await page.getByRole('button', { name: '设置音量' }).click();
  await expect(toast(page, '音量已设置为 60')).toBeVisible();
  const log = page.getByTestId('command-log-broadcast');
  await expect(log.locator('.ant-table-row').filter({ hasText: '文字广播' })).toContainText('成功');
  await page.screenshot({ path: 'test-results/screens/park-broadcast-1920.png' });
  await page.getByRole('button', { name: '停止广播' }).click();
  await expect(toast(page, '已停止播放')).toBeVisible();
  await expect(zone).toContainText('空闲');
  await expect(log.locator('.ant-table-row').first()).toContainText('停止广播');
});
