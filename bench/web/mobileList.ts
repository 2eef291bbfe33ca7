/**
 * A 1,000,000-row form's mobile list (issue 37 "Speed"): on the mid-range phone profile of
 * mobileWorkbench.ts (iPhone 13 viewport, touch, isMobile; CPU 4×; DevTools' "Fast 3G"), the time
 * from opening /m/form/<id> until its first 20 cards are drawn — once cold (no HTTP cache, no
 * service worker) and once warm (the shell cached; the list itself always asks the server).
 * The form is bench/forms.ts's: its database directory is reused, so the million rows are filled
 * once (`cd bench && npx tsx forms.ts` makes it; ROWS, BENCH_DATA_DIR as there). Against the real
 * server and the built client (`npm run build` first).
 *
 * Usage: npx tsx bench/web/mobileList.ts   (ROUNDS=3; CPU_SLOWDOWN=4; NO_THROTTLE=1; BENCH_DATA_DIR=…)
 */
import { chromium, devices, type Page } from '@playwright/test';
import { startServer, stopServer } from '../../e2e/support/server.ts';
import { adminSession, machine, median } from '../lib.ts';
import { FAST_3G } from './mobileWorkbench.profile.ts';

const M = '/closed-park-web/m';
const ROWS = Number(process.env.ROWS || 1_000_000);
const ROUNDS = Number(process.env.ROUNDS || 3);
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN || 4);
const THROTTLE = process.env.NO_THROTTLE !== '1';
const DATA_DIR = process.env.BENCH_DATA_DIR || `/tmp/park-bench-forms-${ROWS}`;
const CARDS = 20;
const { defaultBrowserType: _webkit, ...IPHONE } = devices['iPhone 13'];

async function firstCards(page: Page) {
  await page.locator('[data-testid=list-card]').nth(CARDS - 1).waitFor();
}

const server = await startServer({ LOG_LEVEL: 'warn', DATA_DIR }, { ownSession: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const base = server.baseUrl;
  const { cookie, headers } = await adminSession(base);
  const forms = (await (await fetch(`${base}/api/form/formconf/query?pageNum=1&pageSize=200`, { headers })).json()) as { datas?: Array<{ formId: number; formName: string }> };
  const formId = forms.datas?.find((f) => f.formName === `基准表单-${ROWS}`)?.formId;
  if (!formId) throw new Error(`基准表单-${ROWS} is not in ${DATA_DIR}: run bench/forms.ts with the same ROWS first`);
  const count = (await (
    await fetch(`${base}/api/form/queryformdata`, { method: 'POST', headers, body: JSON.stringify({ formId, pageNum: 1, pageSize: 1 }) })
  ).json()) as { totalCount?: number };
  const rows = new Map<string, number[]>();
  const add = (k: string, v: number) => rows.set(k, [...(rows.get(k) ?? []), v]);
  const [name, value] = cookie.split('=') as [string, string];
  for (let round = 0; round < ROUNDS; round++) {
    const ctx = await browser.newContext({ ...IPHONE, baseURL: base, locale: 'zh-CN', reducedMotion: 'reduce' });
    await ctx.addCookies([{ name, value, url: base }]);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    // Untimed: the list drawn once unthrottled, so the server's plans and caches are warm as in use.
    await page.goto(`${M}/form/${formId}`);
    await firstCards(page);
    if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    if (THROTTLE) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    for (const cold of [true, false]) {
      // Off the app first: a worker still controlling the page would survive its own unregistration.
      await page.goto('about:blank');
      if (cold) {
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
        await cdp.send('Network.clearBrowserCache');
      } else {
        // A build without the worker (an A/B run) has nothing to wait for.
        await page.evaluate(async () => void ((await navigator.serviceWorker?.getRegistration()) && (await navigator.serviceWorker.ready)));
      }
      await page.goto('about:blank');
      const t0 = performance.now();
      await page.goto(`${M}/form/${formId}`);
      await firstCards(page);
      add(cold ? 'first 20 cards cold ms' : 'first 20 cards warm ms', performance.now() - t0);
    }
    // Infinite scroll: the next 20 as the user reaches the bottom.
    const t1 = performance.now();
    await page.locator('[data-testid=list-card]').nth(CARDS - 1).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await page.locator('[data-testid=list-card]').nth(2 * CARDS - 1).waitFor();
    add('next 20 cards (scroll) ms', performance.now() - t1);
    if (round === 0) await page.screenshot({ path: '/tmp/m37-mobile-list-1m.png' });
    await ctx.close();
  }
  console.log(`machine: ${machine()}; ${ROUNDS} rounds, medians; form 基准表单-${ROWS} (${count.totalCount} rows); iPhone 13, touch, isMobile; CPU ${SLOWDOWN}×; network ${THROTTLE ? 'Fast 3G' : 'localhost'}`);
  for (const [k, vs] of rows) console.log(`${k.padEnd(28)} ${median(vs).toFixed(0).padStart(8)}   (${vs.map((v) => v.toFixed(0)).join(', ')})`);
} finally {
  await browser.close();
  await stopServer(server, true);
}
