import { expect, test, type Page } from '@playwright/test';
import { minutesAgo, recordReplies, startParkRun, stopParkRun, type ParkRun } from '../support/park.ts';

/*
 * 园区地图 with no tile server (the default) and the two analyses (issue 24), on a server of its
 * own with the demo park's simulator running; one login for the file, tests in order.
 */
test.describe.configure({ mode: 'serial' });

let run: ParkRun;
let reply: ReturnType<typeof recordReplies>;
const PLATE = `湘F${String(Date.now()).slice(-5)}`;
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const digits = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.replace(/[^\d.]/g, '');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  run = await startParkRun(browser);
  reply = recordReplies(run.page);
  // A hazardous vehicle of our own, driving along 园区大道 for the last few minutes.
  await run.ingest('CAM-G01-IN', 'gatePasses', [
    { eventId: `e2e-in-${PLATE}`, gateCode: 'G01', plate: PLATE, direction: 1, passTime: minutesAgo(8), vehicleType: '2', hazardousClass: '8', material: '硫酸', loadTons: 18 },
  ]);
  await run.ingest(
    'GPS-PLATFORM',
    'positions',
    [110.346, 110.348, 110.35, 110.352].map((lng, i) => ({ eventId: `e2e-gps-${PLATE}-${i}`, plate: PLATE, time: minutesAgo(6 - i), lat: 28.303, lng, speed: 25 })),
  );
});
test.afterAll(async () => stopParkRun(run));

test('园区地图：无瓦片服务也可使用；按车牌定位并画范围圈；图层开关；疏散路线；绘制区域；摄像机打开视频墙', async () => {
  test.setTimeout(60_000);
  const { page } = run;
  await page.goto(run.url('/park/map'));
  await expect(page.getByText('未配置地图服务（TILE_URL），以坐标网格显示园区；图层、搜索与工具均可正常使用')).toBeVisible();
  // The grid is drawn in the page: no tile image is requested from anywhere.
  await expect(page.locator('.park-map .leaflet-tile-container canvas').first()).toBeVisible();
  await expect(page.locator('.park-map img.leaflet-tile')).toHaveCount(0);
  await expect(page.locator('.park-map-sidebar')).toHaveCSS('width', '260px');
  // Each gate's label once: the gates are not redrawn with every vehicle refresh.
  for (const gate of ['1号门（西门）', '2号门（东门）', '3号门（危化品专用）']) await expect(page.locator('.leaflet-tooltip').filter({ hasText: gate })).toHaveCount(1);
  await expect(page.locator('.park-map .leaflet-marker-icon[title="2号广播主机"]')).toBeVisible();

  // Search by plate: the map goes there at zoom 16 with the range circle (#F33).
  await page.getByPlaceholder('输入车牌号').fill(PLATE.slice(-5));
  await page.getByRole('button', { name: '定位' }).click();
  await expect(toast(page, `已定位 ${PLATE}`)).toBeVisible();
  const range = page.locator('path.park-range');
  await expect(range).toHaveAttribute('stroke', '#F33');
  await expect(page.locator('.leaflet-tooltip').filter({ hasText: PLATE })).toBeVisible();
  // Its last hour's track (a horizontal line: visible to people, zero-high to toBeVisible).
  await expect.poll(() => page.locator('path.park-track').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: '定位' }).click();
  await page.getByPlaceholder('输入车牌号').fill('湘Z00000');
  await page.getByRole('button', { name: '定位' }).click();
  await expect(toast(page, '未找到在园危化品车辆：湘Z00000')).toBeVisible();

  // A layer switched off leaves the map, and comes back.
  await page.getByRole('checkbox', { name: '危化品车辆' }).uncheck();
  await expect(page.locator('.leaflet-tooltip').filter({ hasText: PLATE })).toHaveCount(0);
  await page.getByRole('checkbox', { name: '危化品车辆' }).check();
  await expect(page.locator('.leaflet-tooltip').filter({ hasText: PLATE })).toBeVisible();

  // Evacuation: a click on the map gives the route along the roads to the nearest exit.
  await page.getByRole('button', { name: '园区' }).click();
  await page.getByText('疏散路线', { exact: true }).click();
  const map = page.locator('.park-map');
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width * 0.45, y: box.height * 0.4 } });
  await expect(page.getByTestId('evacuation-result')).toContainText(/疏散至 \d号门（.+），沿道路约 \d+ 米/);
  await expect(page.locator('path.park-evacuation')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/park-map-evacuation-1920.png' });

  // Drawing a zone: three clicks, its area shown.
  await page.getByText('绘制区域', { exact: true }).click();
  for (const [fx, fy] of [[0.3, 0.3], [0.5, 0.3], [0.45, 0.55]]) await map.click({ position: { x: box.width * fx!, y: box.height * fy! } });
  await expect(page.getByTestId('drawing-result')).toContainText(/已绘制 3 个点，面积约 \d+ 平方米/);
  await expect(page.locator('path.park-drawn')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/park-map-drawing-1440.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('button', { name: '清除', exact: true }).click();
  await expect(page.locator('path.park-drawn')).toHaveCount(0);

  // A camera opens the video wall on its channel.
  await page.locator('.park-map .leaflet-marker-icon[title="罐区全景摄像机"]').click();
  await page.locator('.park-popup').getByRole('button', { name: '查看视频' }).click();
  await expect(page).toHaveURL(/\/video\/wall\?channelIds=1000001%241%240%240/);
  await expect(page.locator('[data-testid="video-cell"]').first()).toContainText('一号罐区东侧');
});

test('危化品车辆分析与报警分析：数字与统计接口一致', async () => {
  const { page } = run;
  await page.goto(run.url('/park/hazmat'));
  await expect(page.getByRole('heading', { name: '危化品车辆分析' })).toBeVisible();
  const materials = () => reply<{ datas: Array<{ trips: number; tons: number }> }>('/api/statistics/park/material/count');
  await expect.poll(() => materials()).toBeTruthy();
  await expect.poll(() => digits(page, 'hazmat-trips')).toBe(String(materials()!.datas.reduce((a, m) => a + m.trips, 0)));
  const inPark = () => reply<{ totalCount: number }>('/api/alarm/parkOverviewAnalysisCarList')!;
  await expect.poll(() => digits(page, 'hazmat-inpark')).toBe(String(inPark().totalCount));
  await expect(page.getByTestId('hazmat-entries').locator('.ant-table-row').first()).toBeVisible();
  for (const id of ['chart-material', 'chart-material-daily', 'chart-chemical-rank']) await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/park-hazmat-1920.png' });

  await page.goto(run.url('/park/alarmAnalysis'));
  await expect(page.getByRole('heading', { name: '报警分析' })).toBeVisible();
  const types = () => reply<{ datas: Array<{ value: number }> }>('/api/warnanalysis/offend/type');
  await expect.poll(() => types()).toBeTruthy();
  await expect.poll(() => digits(page, 'violations-total')).toBe(String(types()!.datas.reduce((a, t) => a + t.value, 0)));
  const cars = () => reply<{ totalCount: number; datas: Array<{ plate: string }> }>('/api/warnanalysis/car/violat/alarm')!;
  await expect.poll(() => digits(page, 'violation-cars')).toBe(String(cars().totalCount));
  await expect(page.getByTestId('violation-car-table').locator('.ant-table-row').first()).toContainText(cars().datas[0]!.plate);
  for (const id of ['chart-trend', 'chart-types', 'chart-company', 'chart-road', 'chart-top10']) await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/park-alarm-analysis-1920.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/park-alarm-analysis-1440.png' });
});
