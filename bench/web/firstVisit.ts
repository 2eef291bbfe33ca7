/**
 * A first visit, as a park user makes it (issue 42 item 9): the login page, then the home page,
 * 表单管理 and 用户管理, each once cold (the browser's HTTP cache emptied first, as on a new machine)
 * and once warm (the same page again, its assets cached). Per visit: the time until the page shows
 * its first screen and until its last response ended, the requests made, and the bytes that crossed the
 * wire (all, and JavaScript alone) next to the JavaScript's decoded size. Against the real server and
 * the built web app (run `npm run build -w apps/web` first).
 *
 * Usage: npx tsx bench/web/firstVisit.ts   (ROUNDS=3; CPU_SLOWDOWN=n for Chromium's CPU throttling;
 * NET_MBPS=20 for a park intranet's link: that bandwidth and 5 ms latency, else localhost as it is;
 * WEB_DIST=<dir> to measure another build; DETAIL=1 lists each cold visit's largest scripts)
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, startServer, stopServer } from '../../e2e/support/server.ts';
import { machine, median } from '../lib.ts';

const BASE = '/closed-park-web';
const ROUNDS = Number(process.env.ROUNDS || 3);

interface Visit {
  name: string;
  path: string;
  /** The first screen is shown once this resolves. */
  shown: (page: Page) => Promise<unknown>;
  loggedIn: boolean;
}

const VISITS: Visit[] = [
  { name: '登录', path: '/login', loggedIn: false, shown: (p) => p.getByRole('button', { name: '登录' }).waitFor() },
  { name: '首页', path: '/home', loggedIn: true, shown: (p) => p.getByTestId('top-bar').waitFor() },
  { name: '表单管理', path: '/system/form', loggedIn: true, shown: (p) => p.getByRole('button', { name: '新建表单' }).waitFor() },
  { name: '用户管理', path: '/system/user', loggedIn: true, shown: (p) => p.locator('.ant-table-row').first().waitFor() },
];

interface Figures {
  shownMs: number;
  idleMs: number;
  requests: number;
  wireKB: number;
  jsRequests: number;
  jsWireKB: number;
  jsKB: number;
}

/** Counts what the page fetches between `start` and `stop`, from Chromium's network events. */
function networkCounter(cdp: CDPSession) {
  const kind = new Map<string, string>();
  const urls = new Map<string, string>();
  const scripts: Array<{ url: string; bytes: number }> = [];
  let figures = { requests: 0, wire: 0, jsRequests: 0, jsWire: 0, js: 0, lastAt: 0 };
  cdp.on('Network.requestWillBeSent', () => void figures.requests++);
  cdp.on('Network.responseReceived', (e) => {
    kind.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (kind.get(e.requestId) === 'Script') figures.js += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    figures.wire += e.encodedDataLength;
    figures.lastAt = performance.now();
    if (kind.get(e.requestId) === 'Script') {
      figures.jsRequests++;
      figures.jsWire += e.encodedDataLength;
      scripts.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength });
    }
  });
  return {
    reset: () => {
      figures = { requests: 0, wire: 0, jsRequests: 0, jsWire: 0, js: 0, lastAt: 0 };
      scripts.length = 0;
    },
    /** The scripts of the visit, largest first (DETAIL=1 prints them for the first round's cold visits). */
    scripts: () => [...scripts].sort((a, b) => b.bytes - a.bytes),
    read: () => figures,
  };
}

async function measure(page: Page, cdp: CDPSession, counter: ReturnType<typeof networkCounter>, v: Visit, cold: boolean): Promise<Figures> {
  if (cold) await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  counter.reset();
  const t0 = performance.now();
  await page.goto(`${BASE}${v.path}`);
  await v.shown(page);
  const shownMs = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  const f = counter.read();
  if (cold && process.env.DETAIL) console.log(v.name, counter.scripts().slice(0, 12).map((x) => `${x.url.split('/').pop()} ${(x.bytes / 1024).toFixed(0)} KB`).join(', '));
  // Until the last response of the visit ended (networkidle itself waits 500 ms of quiet more).
  const idleMs = Math.max(shownMs, f.lastAt - t0);
  return { shownMs, idleMs, requests: f.requests, wireKB: f.wire / 1024, jsRequests: f.jsRequests, jsWireKB: f.jsWire / 1024, jsKB: f.js / 1024 };
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const results = new Map<string, Figures[]>();
  const add = (key: string, f: Figures) => results.set(key, [...(results.get(key) ?? []), f]);
  for (let round = 0; round < ROUNDS; round++) {
    const ctx = await browser.newContext({ baseURL: server.baseUrl, reducedMotion: 'reduce', locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    const slowdown = Number(process.env.CPU_SLOWDOWN || 1);
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const mbps = Number(process.env.NET_MBPS || 0);
    if (mbps > 0) {
      const bytesPerSecond = (mbps * 1e6) / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 5, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    }
    const counter = networkCounter(cdp);
    for (const v of VISITS) {
      if (v.loggedIn && !(await ctx.cookies()).length) {
        await page.getByLabel('用户名').fill('admin');
        await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
        await page.getByRole('button', { name: '登录' }).click();
        await page.getByTestId('top-bar').waitFor();
      }
      add(`${v.name} cold`, await measure(page, cdp, counter, v, true));
      add(`${v.name} warm`, await measure(page, cdp, counter, v, false));
    }
    await ctx.close();
  }
  const link = process.env.NET_MBPS ? `${process.env.NET_MBPS} Mbit/s, 5 ms` : 'localhost';
  console.log(`machine: ${machine()}; ${ROUNDS} rounds, medians; viewport 1440×900; link ${link}; web ${process.env.WEB_DIST ?? 'apps/web/dist'}`);
  console.log('visit            shown ms  idle ms  requests  wire KB  JS req  JS wire KB  JS decoded KB');
  for (const [key, fs] of results) {
    const m = (k: keyof Figures) => median(fs.map((f) => f[k]));
    console.log(
      `${key.padEnd(14)} ${m('shownMs').toFixed(0).padStart(8)} ${m('idleMs').toFixed(0).padStart(8)} ${m('requests').toFixed(0).padStart(9)} ${m('wireKB').toFixed(0).padStart(8)} ${m('jsRequests').toFixed(0).padStart(7)} ${m('jsWireKB').toFixed(0).padStart(11)} ${m('jsKB').toFixed(0).padStart(14)}`,
    );
  }
} finally {
  await browser.close();
  await stopServer(server, true);
}
