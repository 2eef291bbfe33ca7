import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startDhPlayerSimulator, type DhPlayerSimulator } from '../../apps/server/src/modules/video/simulator/dhplayer.ts';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { toast, typeDate } from '../support/forms.ts';

/*
 * The video wall (issue 25) in Chromium against the server's DSS gateway simulator (DSS_URL=simulator)
 * and, where a test starts one, the DHPlayer simulator on 127.0.0.1:8000–8004 (the page finds it as it
 * would find the real plug-in).
 */
test.describe.configure({ mode: 'serial' });

let plugin: DhPlayerSimulator | null = null;
test.afterEach(async () => {
  await plugin?.close();
  plugin = null;
});

async function openWall(page: Page) {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/video/wall`);
  await expect(page.locator('.video-tree').getByText('园区视频监控')).toBeVisible();
}

const treeNode = (page: Page, name: string) =>
  page.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}`) }) }).first();

async function checkGroups(page: Page, groups: string[]) {
  for (const g of groups) await treeNode(page, g).locator('.ant-tree-checkbox').click();
}

const cells = (page: Page) => page.getByTestId('video-cell');
const onlySession = (sim: DhPlayerSimulator) => [...sim.windows.values()].at(-1)!;

test('9 cameras open as a 3×3 grid in the plug-in; snapshot, local recording, OSD, close and division', async ({ page }) => {
  plugin = await startDhPlayerSimulator();
  await openWall(page);
  await expect(page.getByText(/插件已连接/)).toBeVisible();

  await checkGroups(page, ['二号罐区', '园区出入口', '危化品停车场']);
  await page.getByRole('button', { name: /打开所选画面（9）/ }).click();

  await expect(cells(page)).toHaveCount(9);
  await expect(page.locator('[data-testid="video-cell"][data-status="playing"]')).toHaveCount(9);
  const columns = await page.getByTestId('video-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(3);
  const w = onlySession(plugin);
  expect(w.division).toBe(9);
  expect(w.playing.size).toBe(9);
  const monitors = plugin.received.filter((r) => r.method === 'video.realmonitor');
  expect(monitors.every((r) => r.info.streamType === 2)).toBe(true); // 4 streams or more: sub stream
  expect(w.rect?.width).toBeGreaterThan(300);
  await page.screenshot({ path: '/tmp/i25-wall-9.png' });

  await cells(page).nth(1).click();
  await page.getByRole('button', { name: '抓图' }).click();
  await expect(toast(page, /抓图已存到 C:\\DHPlayer\\snapshot\\snap_\d+\.jpg/)).toBeVisible();

  await page.getByRole('button', { name: '本地录像' }).click();
  await expect(cells(page).nth(1).getByText('录像中')).toBeVisible();
  await page.getByRole('button', { name: '停止录像' }).click();
  await expect(toast(page, /本地录像已存到 C:\\DHPlayer\\record\\record_\d+\.dav/)).toBeVisible();

  await page.getByLabel('叠加文字').fill('二号罐区巡检中');
  await page.getByRole('button', { name: '设置' }).click();
  await expect(toast(page, '叠加文字已设置')).toBeVisible();
  expect(w.osd.get(1)).toBe('二号罐区巡检中');

  await page.getByRole('button', { name: '打开声音' }).click();
  await expect(page.getByRole('button', { name: '关闭声音' })).toBeVisible();
  await page.getByRole('button', { name: '显示智能规则' }).click();
  await expect(page.getByRole('button', { name: '隐藏智能规则' })).toBeVisible();
  expect(plugin.received.find((r) => r.method === 'video.enableAudio')?.info).toEqual({ snum: 1, enable: true });
  expect(plugin.received.find((r) => r.method === 'video.enableIvs')?.info).toEqual({ snum: 1, enable: true });
  for (const method of ['video.setToolBarShow', 'window.enableDrag', 'window.select'] as const) {
    expect(plugin.received.some((r) => r.method === method), method).toBe(true);
  }
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect.poll(() => plugin!.received.find((r) => r.method === 'browserFocusBlur')?.info).toEqual({ focus: false });

  await page.getByRole('button', { name: '对讲' }).click();
  await expect(toast(page, '正在与「二号罐区西侧」对讲')).toBeVisible();
  await expect.poll(() => w.talking).toBe(true);
  await page.getByRole('button', { name: '结束对讲' }).click();
  await expect.poll(() => w.talking).toBe(false);
  await expect(page.getByRole('button', { name: '对讲' })).toBeVisible();

  // The native window follows the page: hidden when the wall leaves the screen, shown when it is back.
  await page.setViewportSize({ width: 1366, height: 200 });
  await expect.poll(() => w.shown).toBe(false);
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect.poll(() => w.shown).toBe(true);
  // …and when the tab is hidden (headless Chromium never hides it, so the page is told it is hidden).
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await expect.poll(() => w.shown).toBe(false);
  await setHidden(false);
  await expect.poll(() => w.shown).toBe(true);

  await page.getByRole('button', { name: '关闭二号罐区西侧' }).click();
  await expect(cells(page).nth(1)).toHaveAttribute('data-status', 'empty');
  await expect.poll(() => w.playing.has(1)).toBe(false);

  await page.getByLabel('画面分割').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '16 画面' }).click();
  await expect(cells(page)).toHaveCount(16);
  await expect.poll(() => w.division).toBe(16);
});

test('a dropped plug-in connection says 1002, reconnects and plays the wall again', async ({ page }) => {
  plugin = await startDhPlayerSimulator();
  await openWall(page);
  await checkGroups(page, ['二号罐区']);
  await page.getByRole('button', { name: /打开所选画面（4）/ }).click();
  await expect(page.locator('[data-testid="video-cell"][data-status="playing"]')).toHaveCount(4);
  const before = plugin.windows.size;

  plugin.dropConnections();
  await expect(toast(page, '与视频播放插件的连接中断，正在重连（错误码 1002）')).toBeVisible();
  await expect(toast(page, '已重新连接视频播放插件')).toBeVisible();
  await expect(page.getByText(/插件已连接/)).toBeVisible();
  await expect.poll(() => plugin!.windows.size).toBe(before + 1);
  await expect.poll(() => onlySession(plugin!).playing.size).toBe(4);
  expect(onlySession(plugin).division).toBe(4);
});

test('the park map opens the wall on its cameras', async ({ page }) => {
  plugin = await startDhPlayerSimulator();
  await loginAsAdmin(page);
  const ids = ['1000009$1$0$0', '1000010$1$0$0'].map(encodeURIComponent).join(',');
  await page.goto(`${BASE}/video/wall?channelIds=${ids}`);
  await expect(page.locator('[data-testid="video-cell"][data-status="playing"]')).toHaveCount(2);
  await expect(cells(page)).toHaveCount(4);
  await expect(cells(page).nth(0)).toContainText('东门车道');
  await expect.poll(() => onlySession(plugin!).playing.size).toBe(2);
  expect(plugin.received.filter((r) => r.method === 'video.realmonitor').every((r) => r.info.streamType === 1)).toBe(true);
});

test('playback refuses an inverted range, shows the day’s records and seeks', async ({ page }) => {
  plugin = await startDhPlayerSimulator();
  await openWall(page);
  await page.getByRole('tab', { name: '录像回放' }).click();
  await treeNode(page, '一号罐区西侧').locator('.ant-tree-title').click();
  await expect(page.getByText('摄像头：一号罐区西侧')).toBeVisible();

  await typeDate(page, page.getByLabel('开始时间'), '2026-11-24 10:00:00');
  await typeDate(page, page.getByLabel('结束时间'), '2026-11-24 09:00:00');
  await page.getByRole('button', { name: '查询录像' }).click();
  await expect(toast(page, '开始时间不得大于结束时间')).toBeVisible();
  await expect(page.getByTestId('record-timeline')).toHaveCount(0);

  await typeDate(page, page.getByLabel('结束时间'), '2026-11-24 20:00:00');
  await page.getByRole('button', { name: '查询录像' }).click();
  await expect(page.getByTestId('record-block')).toHaveCount(2); // 10:00–12:00 and 13:30–18:00
  await expect(page.getByText('共 2 段录像，点击时间轴定位')).toBeVisible();
  await expect(cells(page).first()).toHaveAttribute('data-status', 'playing');
  const played = plugin.received.find((r) => r.method === 'video.playback')!;
  expect(played.info).toMatchObject({ channelId: '1000002$1$0$0', redirect: true });
  expect((played.info.records as unknown[]).length).toBe(2);

  const bar = page.getByTestId('record-timeline');
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2); // noon
  await expect(toast(page, /已定位到 2026-11-24 1[12]:\d\d:\d\d/)).toBeVisible();
  expect(plugin.received.some((r) => r.method === 'video.playbackChangeState')).toBe(true);

  await page.getByRole('button', { name: '下载录像' }).click();
  await expect(toast(page, /录像已下载到 C:\\DHPlayer\\record\\1000002\$1\$0\$0_\d+\.dav/)).toBeVisible();
  await page.screenshot({ path: '/tmp/i25-playback.png' });
});

/*
 * No plug-in is installed here, so nothing handles DHPlayer://; headless Chromium would hold the page's
 * input behind its "open external application" prompt. The frame's address is recorded instead of opened
 * (the operating system's part, not the page's), and the test checks the launch was tried.
 */
async function recordSchemeLaunches(page: Page) {
  await page.addInitScript(() => {
    const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
    const launches: string[] = [];
    (window as unknown as { dhplayerLaunches: string[] }).dhplayerLaunches = launches;
    Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
      configurable: true,
      get() {
        return src.get!.call(this);
      },
      set(value: string) {
        if (String(value).startsWith('DHPlayer://')) launches.push(String(value));
        else src.set!.call(this, value);
      },
    });
  });
}

/*
 * Issue 42 item 1, as a first-time user meets it: no plug-in and nothing that stands in for the
 * operating system's DHPlayer:// handler. The probe tries each port once and then stays quiet; the
 * scheme is opened only when the user asks (启动插件), so no external-application prompt holds the
 * page's clicks; the camera's checkbox takes every click and the fallback plays in a <video>.
 */
test('a first-time user without the plug-in: five quiet probes, every tree click counts, 东门车道 plays in the page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const socketErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /WebSocket/.test(m.text())) socketErrors.push(m.text());
  });
  await openWall(page);
  await expect(page.getByText('未检测到插件（浏览器播放）')).toBeVisible();
  const east = treeNode(page, '东门车道');
  await expect(east.getByText('浏览器可播')).toBeVisible();
  const box = east.locator('.ant-tree-checkbox');
  for (let i = 0; i < 5; i++) {
    await box.click();
    await expect(box).toHaveClass(i % 2 === 0 ? /ant-tree-checkbox-checked/ : /^(?!.*ant-tree-checkbox-checked)/);
  }
  await page.getByRole('button', { name: /打开所选画面（1）/ }).click();
  const video = cells(page).first().getByTestId('video-html5');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: '/tmp/i42-browser-fallback.png' });
  // Past the plug-in's connection wait (10 s): no second round of probes.
  await page.waitForTimeout(11_000);
  expect(socketErrors.length).toBeLessThanOrEqual(5);
});

test('without the plug-in: error 1000 and the banner, and a browser-playable camera plays in the page', async ({ page }) => {
  await recordSchemeLaunches(page);
  await openWall(page);
  const banner = page.locator('.video-wall-banner');
  await expect(banner).toContainText('未检测到视频播放插件，请下载安装（错误码 1000）');
  await expect(banner.getByRole('link', { name: '下载插件' })).toHaveAttribute('href', '/download/DHPlayer.zip');
  await expect(page.getByText('未检测到插件（浏览器播放）')).toBeVisible();
  // The scheme is opened on request only (ADR 0028).
  const launches = () => page.evaluate(() => (window as unknown as { dhplayerLaunches: string[] }).dhplayerLaunches);
  expect(await launches()).toEqual([]);
  await banner.getByRole('button', { name: '启动插件' }).click();
  expect(await launches()).toEqual(['DHPlayer://']);

  await treeNode(page, '一号罐区东侧').locator('.ant-tree-checkbox').click();
  await treeNode(page, '一号罐区西侧').locator('.ant-tree-checkbox').click();
  await page.getByRole('button', { name: /打开所选画面（2）/ }).click();
  await expect(cells(page)).toHaveCount(4);
  await expect(cells(page).nth(1)).toContainText('该画面需要视频播放插件');

  const video = cells(page).nth(0).getByTestId('video-html5');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 180]);

  await cells(page).nth(0).click();
  await page.getByLabel('叠加文字').fill('东侧');
  await page.getByRole('button', { name: '设置' }).click();
  await expect(cells(page).nth(0).locator('.video-cell-osd')).toHaveText('东侧');
  await page.screenshot({ path: '/tmp/i25-browser-play.png' });

  await banner.locator('.ant-alert-close-icon').click();
  await expect(banner).toHaveCount(0);
});

test('without the plug-in, a camera whose gateway offers FLV plays in the page (mpegts.js)', async ({ page }) => {
  await recordSchemeLaunches(page);
  await openWall(page);
  await expect(page.getByText('未检测到插件（浏览器播放）')).toBeVisible();
  await expect(treeNode(page, '二号罐区东侧').getByText('浏览器可播')).toBeVisible();

  await treeNode(page, '二号罐区东侧').locator('.ant-tree-checkbox').click();
  await treeNode(page, '一号罐区东侧').locator('.ant-tree-checkbox').click();
  await page.getByRole('button', { name: /打开所选画面（2）/ }).click();

  // The FLV camera and the HLS camera side by side, each through its own player.
  const flv = cells(page).filter({ hasText: '二号罐区东侧' }).getByTestId('video-html5');
  const hls = cells(page).filter({ hasText: '一号罐区东侧' }).getByTestId('video-html5');
  await expect(flv).toBeVisible();
  await expect.poll(() => flv.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await flv.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 180]);
  expect(await flv.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/); // MediaSource, fed by mpegts.js
  await expect.poll(() => hls.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: '/tmp/i25-browser-flv.png' });

  // The gateway replays recordings as HLS only, so the FLV camera's playback needs the plug-in.
  await page.getByRole('tab', { name: '录像回放' }).click();
  await treeNode(page, '二号罐区东侧').locator('.ant-tree-title').click();
  await typeDate(page, page.getByLabel('开始时间'), '2026-11-24 08:00:00');
  await typeDate(page, page.getByLabel('结束时间'), '2026-11-24 20:00:00');
  await page.getByRole('button', { name: '查询录像' }).click();
  await expect(cells(page).first()).toContainText('该画面需要视频播放插件');
});

/*
 * WebSocket-FLV: the simulator serves FLV over HTTP only, so here the test turns the FLV address the
 * server hands out into ws:// and answers the socket itself with the same FLV bytes (Playwright's
 * routeWebSocket). What it proves is the page's part: a ws:// address goes to mpegts.js, which plays it.
 */
test('without the plug-in, a WebSocket-FLV address plays in the page too', async ({ page }) => {
  const clip = fs.readFileSync(path.join(import.meta.dirname, '../../apps/server/src/modules/video/simulator/media/clip.flv'));
  const opened: string[] = [];
  await page.routeWebSocket(/\/media\/flv\//, (ws) => {
    opened.push(ws.url());
    // Sent once the page's socket is open, then closed: the clip is finite, so the stream ends.
    setTimeout(() => {
      ws.send(clip);
      setTimeout(() => void ws.close(), 500);
    }, 300);
  });
  await page.route('**/api/video/streamAddress', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { url: string };
    const url = new URL(body.url, page.url());
    url.protocol = 'ws:';
    await route.fulfill({ response: answer, json: { ...body, url: url.href } });
  });
  await recordSchemeLaunches(page);
  await openWall(page);
  await treeNode(page, '二号罐区东侧').locator('.ant-tree-checkbox').click();
  await page.getByRole('button', { name: /打开所选画面（1）/ }).click();
  const video = cells(page).first().getByTestId('video-html5');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatch(/^ws:\/\/.*\/media\/flv\/clip\.flv\?channelId=/);
});

test('an older plug-in is offered the upgrade', async ({ page }) => {
  plugin = await startDhPlayerSimulator({ version: '3.0.0' });
  await openWall(page);
  const banner = page.locator('.video-wall-banner');
  await expect(banner).toContainText('视频播放插件有新版本 3.2.1（当前 3.0.0），请下载升级');
  await expect(banner.getByRole('link', { name: '下载升级' })).toHaveAttribute('href', '/download/DHPlayer.zip');
});

test('摄像头授权: the administrator grants a role camera groups', async ({ page }) => {
  await recordSchemeLaunches(page);
  await openWall(page);
  await page.getByRole('tab', { name: '摄像头授权' }).click();
  await page.getByLabel('角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '园区管理员' }).click();
  const grants = page.locator('.video-grants-tree');
  const node = (name: string) => grants.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) });
  await expect(node('园区视频监控')).toHaveAttribute('aria-checked', 'true'); // seeded: the whole tree

  await node('园区视频监控').locator('.ant-tree-checkbox').click();
  await node('园区出入口').locator('.ant-tree-checkbox').click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await page.screenshot({ path: '/tmp/i25-grants.png' });

  const roleId = await page.evaluate(async () => {
    const r = await fetch('/api/user/listRole?pageNum=1&pageSize=50');
    return ((await r.json()).datas as Array<{ id: number; roleCode: string }>).find((x) => x.roleCode === 'park_admin')!.id;
  });
  const saved = await page.evaluate(async (id) => (await (await fetch(`/api/video/groupRoles?roleId=${id}`)).json()).groupIds, roleId);
  expect(saved).toEqual(['001003']);

  // Put the seeded grant back for whoever runs after.
  await page.evaluate(
    async (id) =>
      fetch('/api/video/groupRoles/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ roleId: String(id), groupIds: ['001'] }),
      }),
    roleId,
  );
});
