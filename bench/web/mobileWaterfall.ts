/**
 * Where the mobile workbench's (or a form list's) first load spends its time (issue 37 "Speed"):
 * one cold and one warm load on mobileWorkbench.ts's phone profile, printed as a waterfall — each
 * request's start and end from navigation start (the Resource Timing entries), the main script's
 * start (`park:main`, main.tsx), the long tasks (≥ 50 ms of the main thread) and the moment the
 * page was ready. A diagnostic, not a figure: run it to see what to shorten next.
 *
 * Usage: npx tsx bench/web/mobileWaterfall.ts   (ROUTE=/form/<id> with BENCH_DATA_DIR for a list;
 * CPU_SLOWDOWN=4; NO_THROTTLE=1; MOBILE_DIST=<another build> to trace it)
 */
import { chromium, devices, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, startServer, stopServer } from '../../e2e/support/server.ts';
import { machine } from '../lib.ts';
import { FAST_3G } from './mobileWorkbench.profile.ts';

const M = '/closed-park-web/m';
const ROUTE = process.env.ROUTE || '/';
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN || 4);
const THROTTLE = process.env.NO_THROTTLE !== '1';
const { defaultBrowserType: _webkit, ...IPHONE } = devices['iPhone 13'];

async function ready(page: Page) {
  if (ROUTE.startsWith('/form/')) return page.locator('[data-testid=list-card]').nth(19).waitFor();
  await page.getByTestId('workbench').waitFor();
  await page.locator('[data-testid=counter-todo] .m-wb-counter-value').filter({ hasText: /^\d+$/ }).waitFor();
  await page.locator('.m-wb-card, .adm-error-block').first().waitFor();
}

interface Line {
  at: number;
  end: number;
  what: string;
}

/** The page's own account of the load, read after it was ready. */
async function waterfall(page: Page, readyAt: number): Promise<Line[]> {
  const lines = await page.evaluate(() => {
    const out: Array<{ at: number; end: number; what: string }> = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) out.push({ at: nav.startTime, end: nav.responseEnd, what: `document (${nav.transferSize} B on the wire)` });
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      out.push({ at: r.startTime, end: r.responseEnd, what: `${r.initiatorType} ${new URL(r.name).pathname.replace('/closed-park-web/m/assets/', '')}${new URL(r.name).search} (${r.transferSize} B)` });
    }
    for (const m of performance.getEntriesByType('mark')) out.push({ at: m.startTime, end: m.startTime, what: `mark ${m.name}` });
    const long = (window as unknown as { __longTasks?: Array<{ at: number; end: number }> }).__longTasks ?? [];
    for (const t of long) out.push({ at: t.at, end: t.end, what: `long task ${(t.end - t.at).toFixed(0)} ms` });
    return out;
  });
  return [...lines, { at: readyAt, end: readyAt, what: 'ready (the bench’s criterion)' }].sort((a, b) => a.at - b.at);
}

const server = await startServer({ LOG_LEVEL: 'warn', ...(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {}) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const ctx = await browser.newContext({ ...IPHONE, baseURL: server.baseUrl, locale: 'zh-CN', reducedMotion: 'reduce' });
  await ctx.addInitScript(() => {
    const tasks: Array<{ at: number; end: number }> = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ at: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${M}/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).tap();
  await page.getByTestId('workbench').waitFor();
  await page.goto(`${M}${ROUTE}`);
  await ready(page);
  if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  if (THROTTLE) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  console.log(`machine: ${machine()}; route ${ROUTE}; CPU ${SLOWDOWN}×; ${THROTTLE ? 'Fast 3G' : 'localhost'}`);
  for (const cold of [true, false]) {
    await page.goto('about:blank');
    if (cold) {
      await cdp.send('Storage.clearDataForOrigin', { origin: server.baseUrl, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
    } else {
      await page.goto(`${M}${ROUTE}`);
      await page.evaluate(async () => void ((await navigator.serviceWorker?.getRegistration()) && (await navigator.serviceWorker.ready)));
      await ready(page);
      await page.goto('about:blank');
    }
    await page.goto(`${M}${ROUTE}`);
    await ready(page);
    const readyAt = await page.evaluate(() => performance.now());
    console.log(`\n${cold ? 'cold' : 'warm'} load:`);
    for (const l of await waterfall(page, readyAt)) console.log(`${l.at.toFixed(0).padStart(6)} → ${l.end.toFixed(0).padStart(6)} ms  ${l.what}`);
  }
  await ctx.close();
} finally {
  await browser.close();
  await stopServer(server, true);
}
