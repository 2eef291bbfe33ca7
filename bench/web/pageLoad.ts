/**
 * What the browser spends showing the platform's everyday pages: log in, then the home page, the
 * message list, the to-do list, 报表管理, 自动化 and 用户管理, each a full page load against the
 * real server and the built web app (run `npm run build` first). Chromium's own counters (CDP
 * Performance.getMetrics) give the main thread's task, script and style time over the whole visit,
 * and the page's <style> elements show how much CSS was generated at run time.
 *
 * The baseline in the same run is the same visit's login page alone, which every visit pays.
 * Usage: npx tsx bench/web/pageLoad.ts   (ROUNDS=5)
 */
import { chromium, type CDPSession } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, startServer, stopServer } from '../../e2e/support/server.ts';
import { machine, median } from '../lib.ts';

const BASE = '/closed-park-web';
const ROUNDS = Number(process.env.ROUNDS || 5);
const PAGES = ['/home', '/msg/MsgList', '/waitDoneTask/WaitDoneTask', '/report/manage', '/automation/flow', '/system/user'];
const METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;
type Figures = Record<(typeof METRICS)[number], number>;

async function metrics(cdp: CDPSession): Promise<Figures> {
  const all = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  return Object.fromEntries(METRICS.map((k) => [k, Number(all[k] ?? 0)])) as Figures;
}
const plus = (a: Figures, b: Figures) => Object.fromEntries(METRICS.map((k) => [k, a[k] + b[k]])) as Figures;

const server = await startServer({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const login: Figures[] = [];
  const visit: Figures[] = [];
  const styleBytes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ctx = await browser.newContext({ baseURL: server.baseUrl, reducedMotion: 'reduce', locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    // Chromium's counters start again with each document, so each page's are read once it is shown.
    await page.goto(`${BASE}/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.waitForLoadState('networkidle');
    const first = await metrics(cdp);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByTestId('top-bar').waitFor();
    let sum = await metrics(cdp);
    for (const path of PAGES) {
      await page.goto(`${BASE}${path}`);
      await page.getByTestId('top-bar').waitFor();
      await page.waitForLoadState('networkidle');
      sum = plus(sum, await metrics(cdp));
    }
    styleBytes.push(await page.evaluate(() => Array.from(document.querySelectorAll('style')).reduce((n, s) => n + (s.textContent?.length ?? 0), 0)));
    if (round > 0) {
      // The first round warms the server's caches and Chromium's code cache.
      login.push(first);
      visit.push(sum);
    }
    await ctx.close();
  }
  const ms = (xs: number[]) => `${(1000 * median(xs)).toFixed(0)} ms`;
  console.log(`machine: ${machine()}; login + ${PAGES.length} pages, ${login.length} measured rounds after one untimed`);
  for (const k of METRICS) {
    const v = visit.map((f) => f[k]);
    const l = login.map((f) => f[k]);
    console.log(`${k.padEnd(20)} visit ${ms(v).padStart(7)}   login page alone ${ms(l).padStart(6)}   ×${(median(v) / median(l)).toFixed(2)}`);
  }
  console.log(`CSS generated at run time on the last page: ${(median(styleBytes) / 1024).toFixed(0)} KB in <style> elements`);
} finally {
  await browser.close();
  await stopServer(server, true);
}
