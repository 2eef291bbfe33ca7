import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BASE } from './fixtures.ts';
import { E2E_ADMIN_PASSWORD, startServer, stopServer, type RunningServer } from './server.ts';

/**
 * The park console's specs (issue 24) run on a server of their own with the demo park's
 * simulator on (PARK_SIMULATOR=1): gates pass vehicles, hazardous vehicles drive, devices come and
 * go, and a month of history exists. What a test must find for certain it reports itself, through
 * the devices' own ingestion calls with the demo devices' tokens.
 */
export interface ParkRun {
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  /** An ingestion call as the named demo device (its token reset for the test). */
  ingest(deviceCode: string, kind: string, events: unknown[]): Promise<unknown>;
  /** A GET of the server's API with the page's session. */
  api<T = Record<string, unknown>>(path: string): Promise<T>;
  url(path: string): string;
}

export async function startParkRun(browser: Browser, viewport = { width: 1920, height: 1080 }): Promise<ParkRun> {
  const server = await startServer({ PARK_SIMULATOR: '1', DSS_URL: 'simulator' });
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const api = async <T,>(path: string) => (await (await page.request.get(path, { headers })).json()) as T;
  // The simulator builds the demo park after the server listens, then its history.
  await expect.poll(async () => (await api<{ gates?: unknown[]; devices?: unknown[] }>('/api/park/console/map')).devices?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
  const tokens = new Map<string, string>();
  const tokenOf = async (code: string) => {
    if (!tokens.has(code)) {
      const list = await api<{ datas: Array<{ id: number; deviceCode: string }> }>(`/api/park/device/list?keyword=${encodeURIComponent(code)}&pageNum=1&pageSize=10`);
      const device = list.datas.find((d) => d.deviceCode === code)!;
      const reset = await page.request.post('/api/park/device/resetToken', { headers, data: { id: device.id } });
      tokens.set(code, ((await reset.json()) as { token: string }).token);
    }
    return tokens.get(code)!;
  };
  return {
    server,
    context,
    page,
    api,
    url: (path) => `${BASE}${path}`,
    async ingest(deviceCode, kind, events) {
      const res = await page.request.post(`/api/ingest/${kind}`, { headers: { authorization: `Bearer ${await tokenOf(deviceCode)}` }, data: { events } });
      const body = await res.json();
      expect(res.status(), JSON.stringify(body)).toBe(200);
      return body;
    },
  };
}

export async function stopParkRun(run: ParkRun | undefined) {
  if (!run) return;
  await run.context.close();
  await stopServer(run.server);
}

/** The last body each statistics path answered the page with: what the screen must show. */
export function recordReplies(page: Page) {
  const last = new Map<string, unknown>();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    try {
      last.set(url.pathname, await res.json());
    } catch {
      /* not JSON */
    }
  });
  return <T,>(path: string) => last.get(path) as T | undefined;
}

/** A plate camera's snapshot: a picture of the plate, drawn in the page and uploaded as a PNG. */
export async function uploadPlatePhoto(page: Page, plate: string): Promise<number> {
  const bytes = await page.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#4a5568';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#1d4ed8';
    g.fillRect(60, 120, 200, 50);
    g.fillStyle = '#fff';
    g.font = 'bold 28px sans-serif';
    g.fillText(text, 78, 155);
    return Array.from(atob(c.toDataURL('image/png').split(',')[1]!), (ch) => ch.charCodeAt(0));
  }, plate);
  const res = await page.request.post('/api/file/upload', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    multipart: { file: { name: `${plate}.png`, mimeType: 'image/png', buffer: Buffer.from(bytes) } },
  });
  const body = (await res.json()) as { datas: Array<{ fileId: string | number }> };
  return Number(body.datas[0]!.fileId);
}

/** Local 'yyyy-MM-dd HH:mm:ss' minutes ago (the server's zone is the test machine's). */
export const minutesAgo = (m: number) => Date.now() - m * 60_000;
