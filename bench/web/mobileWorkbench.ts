/**
 * The mobile client's first load and its workbench (issue 37 "Speed"): on a mid-range phone profile
 * (iPhone-sized viewport, touch, isMobile; Chromium's CPU throttled 4×; DevTools' "Fast 3G": 562.5 ms
 * latency, 1.44 Mbit/s down, 675 kbit/s up), the time from navigation until the workbench is
 * interactive (its counters answered and its groups — or its empty/failed state — drawn), once
 * cold (HTTP cache emptied), once warm (a reload with the assets cached), and once returning to it
 * from the 待办 tab, and the JavaScript the first load fetched: the gzip
 * size of each script (the `.gz` copy the build wrote beside it) and what crossed the wire.
 * Cold also clears the service worker and its caches; warm waits until the worker the cold load
 * registered is active (it has precached the release), then reloads.
 * Against the real server and the built client (`npm run build` first).
 *
 * Usage: npx tsx bench/web/mobileWorkbench.ts   (ROUNDS=3; CPU_SLOWDOWN=4; NO_THROTTLE=1 for localhost as it is)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, type CDPSession, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, startServer, stopServer } from '../../e2e/support/server.ts';
import { machine, median } from '../lib.ts';
import { FAST_3G } from './mobileWorkbench.profile.ts';

const M = '/closed-park-web/m';
// The build served: MOBILE_DIST when an A/B run serves another build (the server reads the same variable).
const DIST = path.resolve(process.env.MOBILE_DIST || path.join(import.meta.dirname, '../../apps/mobile/dist'));
const ROUNDS = Number(process.env.ROUNDS || 3);
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN || 4);
const THROTTLE = process.env.NO_THROTTLE !== '1';
const { defaultBrowserType: _webkit, ...IPHONE } = devices['iPhone 13'];

/** The workbench is interactive: the counters have numbers and the groups (or the empty/failed state) are drawn. */
async function workbenchReady(page: Page) {
  await page.getByTestId('workbench').waitFor();
  await page.locator('[data-testid=counter-todo] .m-wb-counter-value').filter({ hasText: /^\d+$/ }).waitFor();
  await page.locator('.m-wb-card, .adm-error-block').first().waitFor();
}

function scriptCounter(cdp: CDPSession) {
  const kind = new Map<string, string>();
  const urls = new Map<string, string>();
  let scripts: Array<{ url: string; wire: number }> = [];
  cdp.on('Network.responseReceived', (e) => {
    kind.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (kind.get(e.requestId) === 'Script') scripts.push({ url: urls.get(e.requestId) ?? '', wire: e.encodedDataLength });
  });
  return { reset: () => void (scripts = []), read: () => scripts };
}

/** The gzip size of a built script, from the .gz copy beside it (or gzip-free size when none: it is small). */
function gzipBytes(url: string): number {
  const file = path.join(DIST, new URL(url).pathname.slice(`${M}/`.length));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const rows = new Map<string, number[]>();
  const add = (k: string, v: number) => rows.set(k, [...(rows.get(k) ?? []), v]);
  let firstLoad: Array<{ name: string; gz: number; wire: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ctx = await browser.newContext({ ...IPHONE, baseURL: server.baseUrl, locale: 'zh-CN', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    const counter = scriptCounter(cdp);
    // Sign in without throttling: the login page is not what is measured.
    await page.goto(`${M}/login`);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).tap();
    await workbenchReady(page);
    if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    if (THROTTLE) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    for (const cold of [true, false]) {
      // Cold: a phone that never opened the client — no HTTP cache, no service worker, no cached answers.
      // Off the app first: a worker still controlling the page would survive its own unregistration.
      await page.goto('about:blank');
      if (cold) {
        await cdp.send('Storage.clearDataForOrigin', { origin: server.baseUrl, storageTypes: 'service_workers,cache_storage' });
        await cdp.send('Network.clearBrowserCache');
      } else {
        // Warm: the worker the cold load registered has precached the release (ADR 0058).
        await page.goto(`${M}/`);
        // A build without the worker (an A/B run) has nothing to wait for.
        await page.evaluate(async () => void ((await navigator.serviceWorker?.getRegistration()) && (await navigator.serviceWorker.ready)));
        await workbenchReady(page);
      }
      await page.goto('about:blank');
      counter.reset();
      const t0 = performance.now();
      await page.goto(`${M}/`);
      await workbenchReady(page);
      add(cold ? 'workbench cold ms' : 'workbench warm ms', performance.now() - t0);
      if (cold) {
        const scripts = counter.read();
        add('first load JS gzip KB', scripts.reduce((s, x) => s + gzipBytes(x.url), 0) / 1024);
        add('first load JS wire KB', scripts.reduce((s, x) => s + x.wire, 0) / 1024);
        add('first load JS requests', scripts.length);
        if (round === 0) firstLoad = scripts.map((x) => ({ name: x.url.split('/').pop() ?? '', gz: gzipBytes(x.url) / 1024, wire: x.wire / 1024 })).sort((a, b) => b.gz - a.gz);
      }
    }
    // Back to the workbench from another tab, as a user does all day: the app and its data are in memory.
    await page.getByRole('navigation', { name: '主导航' }).getByText('待办', { exact: true }).tap();
    await page.getByRole('tab', { name: '已办' }).waitFor();
    const t1 = performance.now();
    await page.getByRole('navigation', { name: '主导航' }).getByText('工作台', { exact: true }).tap();
    await workbenchReady(page);
    add('workbench from a tab ms', performance.now() - t1);
    await ctx.close();
  }
  console.log(`machine: ${machine()}; ${ROUNDS} rounds, medians; iPhone 13 viewport, touch, isMobile; CPU ${SLOWDOWN}×; network ${THROTTLE ? 'Fast 3G (562.5 ms, 1.44 Mbit/s down)' : 'localhost'}`);
  for (const [k, vs] of rows) console.log(`${k.padEnd(26)} ${median(vs).toFixed(0).padStart(8)}`);
  console.log('first load scripts (gzip KB / wire KB):', firstLoad.map((s) => `${s.name} ${s.gz.toFixed(1)}/${s.wire.toFixed(1)}`).join(', '));
} finally {
  await browser.close();
  await stopServer(server, true);
}
