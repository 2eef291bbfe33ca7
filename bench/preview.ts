/// <reference lib="dom" />
/**
 * File preview in the browser (issue 10): a 200-page PDF must show its first page within 1.5 s, and
 * a 50,000-row xlsx its first rows within 3 s. Measured in Chromium against the real server, from
 * the open-file-preview event to the first drawn page / the first rows in the grid. The baseline,
 * same run, is the browser merely downloading the same file.
 */
import { chromium, type Page } from '@playwright/test';
import { startServer, stopServer, E2E_ADMIN_PASSWORD } from '../e2e/support/server.ts';
import { bigXlsx, multipagePdf, uploadFile } from '../e2e/support/previewFiles.ts';
import { machine, median } from './lib.ts';

const RUNS = Number(process.env.RUNS || 3);
const PAGES = Number(process.env.PAGES || 200);
const ROWS = Number(process.env.ROWS || 50_000);

/*
 * Runs in the page. Kept as text: tsx (esbuild) would wrap named functions in a __name() helper
 * that does not exist in the browser.
 */
const OPEN_AND_WAIT = `async ({ detail, selector, done }) => {
  const t0 = performance.now();
  window.dispatchEvent(new CustomEvent('open-file-preview', { detail, cancelable: true }));
  const wait = (sel) => new Promise((resolve, reject) => {
    const tick = () => {
      if (document.querySelector(sel)) resolve(performance.now() - t0);
      else if (performance.now() - t0 > 60000) reject(new Error('timeout: ' + sel));
      else requestAnimationFrame(tick);
    };
    tick();
  });
  const first = await wait(selector);
  const all = done ? await wait(done) : first;
  return { first, all };
}`;

/** ms from dispatching the event until `selector` exists (and, if given, until `done` exists). */
async function openAndWait(page: Page, detail: object, selector: string, done?: string) {
  const fn = await page.evaluateHandle(OPEN_AND_WAIT);
  const result = (await fn.evaluate((f, arg) => (f as unknown as (a: unknown) => Promise<unknown>)(arg), { detail, selector, done })) as {
    first: number;
    all: number;
  };
  await fn.dispose();
  return result;
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.file-preview-modal'));
}

function downloadMs(page: Page, url: string) {
  return page.evaluate(async (u) => {
    const t0 = performance.now();
    await (await fetch(u, { cache: 'no-store' })).arrayBuffer();
    return performance.now() - t0;
  }, url);
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 } });
  await page.goto('/closed-park-web/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByTestId('top-bar').waitFor();

  const pdf = multipagePdf(PAGES);
  const xlsx = bigXlsx(ROWS);
  const pdfId = await uploadFile(page, `${PAGES}页报告.pdf`, pdf);
  const xlsxId = await uploadFile(page, `${ROWS}行台账.xlsx`, xlsx);

  const pdfRuns: number[] = [];
  const pdfBase: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const { first } = await openAndWait(
      page,
      { fileId: pdfId, suffix: 'pdf', originalName: 'r.pdf' },
      '.pdf-page[data-page-number="1"][data-rendered="true"]',
    );
    await closeDialog(page);
    pdfBase.push(await downloadMs(page, `/api/file/download/${pdfId}`));
    pdfRuns.push(first);
  }
  const xlsxFirst: number[] = [];
  const xlsxAll: number[] = [];
  const xlsxBase: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const { first, all } = await openAndWait(
      page,
      { fileId: xlsxId, suffix: 'xlsx', originalName: 'r.xlsx' },
      '.file-preview-modal [data-cell="A2"]',
      '.file-preview-modal [data-testid="sheet-view"][data-complete="true"]',
    );
    await closeDialog(page);
    xlsxBase.push(await downloadMs(page, `/api/file/download/${xlsxId}`));
    xlsxFirst.push(first);
    xlsxAll.push(all);
  }
  // Run 0 is the cold one: the renderer's code (pdf.js and its worker, exceljs) is fetched first.
  const warm = (xs: number[]) => median(xs.slice(1));
  const f = (ms: number) => `${Math.round(ms)} ms`;
  console.log(`\n文件预览基准 — ${machine()} — ${new Date().toISOString().slice(0, 10)}`);
  console.log(`PDF ${PAGES} 页 (${(pdf.length / 1024).toFixed(0)} KB), xlsx ${ROWS} 行 × 8 列 (${(xlsx.length / 1024 / 1024).toFixed(1)} MB)\n`);
  console.log('| figure | cold (first open) | warm (median of %d) | target |', RUNS);
  console.log('|---|---|---|---|');
  console.log(`| ${PAGES}-page PDF: first page drawn | ${f(pdfRuns[0]!)} | ${f(warm(pdfRuns))} | ≤ 1 500 ms |`);
  console.log(`| baseline: download the PDF | ${f(pdfBase[0]!)} | ${f(warm(pdfBase))} | — |`);
  console.log(`| ${ROWS}-row xlsx: first rows shown | ${f(xlsxFirst[0]!)} | ${f(warm(xlsxFirst))} | ≤ 3 000 ms |`);
  console.log(`| ${ROWS}-row xlsx: every row loaded | ${f(xlsxAll[0]!)} | ${f(warm(xlsxAll))} | — |`);
  console.log(`| baseline: download the xlsx | ${f(xlsxBase[0]!)} | ${f(warm(xlsxBase))} | — |`);
  const ok = pdfRuns[0]! <= 1500 && xlsxFirst[0]! <= 3000;
  console.log(`\n${ok ? '达标' : '未达标'}（以冷启动计）`);
} finally {
  await browser.close();
  await stopServer(server);
}
