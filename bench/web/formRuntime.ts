/**
 * The form runtime in Chromium (issue 7), measured with the browser's Performance API against the
 * real server and the built web app (run `npm run build` first):
 *   - a form of 200 controls renders within 300 ms (the runtime's `park:form-render` measure, from
 *     the loaded form's first render to its commit), against a one-control form as the baseline;
 *   - a keystroke in one of its fields costs under 16 ms (window `input` capture to bubble, which
 *     spans React's handling and re-render), against the same keystroke in the one-control form;
 *   - a 1,000-row batch grid (filled by the form-data chooser with default select) scrolls
 *     virtualised, with no long task over 50 ms (PerformanceObserver `longtask`).
 * Usage: npx tsx bench/web/formRuntime.ts
 */
import { chromium, type Page } from '@playwright/test';
import os from 'node:os';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD, startServer, stopServer } from '../../e2e/support/server.ts';
import { machine, median } from '../lib.ts';

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const BASE = '/closed-park-web';

type Json = Record<string, unknown>;
const control = (type: string, name: string, model: string, options: Json = {}): Json => ({
  type,
  name,
  key: model,
  model,
  options,
  rules: [],
});

/** 200 controls in two-column grids: text, numbers, choices and dates. */
function bigMeta(): Json {
  const kinds: Array<(i: number) => Json> = [
    (i) => control('input', `文本${i}`, `t${i}`),
    (i) => control('input_number', `数字${i}`, `n${i}`, { enableMinMax: true, min: 0, max: 1000 }),
    (i) =>
      control('select', `选择${i}`, `s${i}`, {
        options: [
          { value: 'a', label: '甲' },
          { value: 'b', label: '乙' },
        ],
      }),
    (i) => control('date', `日期${i}`, `d${i}`),
    (i) =>
      control('radio', `单选${i}`, `r${i}`, {
        options: [
          { value: 'a', label: '甲' },
          { value: 'b', label: '乙' },
        ],
      }),
  ];
  const controls = Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length]!(i));
  const list: Json[] = [];
  for (let i = 0; i < controls.length; i += 2) {
    list.push({
      type: 'grid',
      key: `g${i}`,
      model: '',
      options: { gutter: 16 },
      columns: [
        { span: 12, list: [controls[i]] },
        { span: 12, list: [controls[i + 1]] },
      ],
    });
  }
  return { list, config: { labelWidth: 100, labelPosition: 'right', size: 'default' } };
}

const oneMeta = (): Json => ({ list: [control('input', '文本0', 't0')], config: { labelWidth: 100 } });

function gridMeta(sourceFormId: number): Json {
  return {
    list: [
      control('input', '名称', 'title'),
      {
        ...control('table', '明细', 'items', {
          dsConf: {
            formId: sourceFormId,
            subKey: '',
            columns: ['item_name', 'code', 'qty'],
            mapping: [],
            defaultSelect: true,
          },
        }),
        tableColumns: [
          control('input', '名称', 'item_name'),
          control('input', '编码', 'code'),
          control('input_number', '数量', 'qty'),
        ],
      },
    ],
    config: { labelWidth: 100 },
  };
}

const sourceMeta = (): Json => ({
  list: [
    control('input', '名称', 'item_name'),
    control('input', '编码', 'code'),
    control('input_number', '数量', 'qty'),
  ],
  config: {},
});

async function createForm(page: Page, formName: string, formMeta: Json): Promise<number> {
  const saved = await page.request.post('/api/form/formconf/save', { data: { formName }, headers: HEADERS });
  const formId = (await saved.json()).formId as number;
  const design = await page.request.post('/api/form/saveformdesign', {
    data: { formId, formMeta },
    headers: HEADERS,
  });
  if (!design.ok()) throw new Error(await design.text());
  return formId;
}

/** First commit of the loaded form (park:form-render), and all of it drawn (park:form-complete). */
async function renderMs(page: Page, formId: number): Promise<{ first: number; complete: number }> {
  await page.goto(`${BASE}/full/custom/${formId}`);
  await page.waitForFunction(() => performance.getEntriesByName('park:form-complete').length > 0);
  return page.evaluate(() => {
    const first = performance.getEntriesByName('park:form-render')[0] as PerformanceMeasure;
    const complete = performance.getEntriesByName('park:form-complete')[0]!;
    return { first: first.duration, complete: complete.startTime - first.startTime };
  });
}

/** Per keystroke: time from the input event's capture on window to its bubble back up. */
async function keystrokeMs(page: Page, label: string): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __t0: number };
    w.__keys = [];
    window.addEventListener('input', () => (w.__t0 = performance.now()), { capture: true });
    window.addEventListener('input', () => w.__keys.push(performance.now() - w.__t0));
  });
  const input = page.getByLabel(label);
  await input.click();
  await input.pressSequentially('危化品车辆入园登记东门停车场', { delay: 40 });
  return page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const page = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 800 },
    locale: 'zh-CN',
  });
  try {
    await page.goto(`${BASE}/login`);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByTestId('top-bar').waitFor();

    const big = await createForm(page, '基准-200控件', bigMeta());
    const one = await createForm(page, '基准-1控件', oneMeta());

    // Render: median of 5 loads each, after a warm-up load.
    await renderMs(page, big);
    const bigRuns: number[] = [];
    const bigComplete: number[] = [];
    const oneRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const b = await renderMs(page, big);
      bigRuns.push(b.first);
      bigComplete.push(b.complete);
      oneRuns.push((await renderMs(page, one)).first);
    }

    // Keystrokes in the 200-control form and in the one-control form.
    await renderMs(page, big);
    const bigKeys = await keystrokeMs(page, '文本100');
    await renderMs(page, one);
    const oneKeys = await keystrokeMs(page, '文本0');

    // The 1,000-row batch grid, filled by data select with default select (50 rows a page).
    const source = await createForm(page, '基准-数据源', sourceMeta());
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query(
      `insert into form_${source} (item_name, code, qty) select '物料' || g, 'C' || lpad(g::text, 5, '0'), g from generate_series(1, 1000) g`,
    );
    await client.end();
    const gridForm = await createForm(page, '基准-批量表格', gridMeta(source));
    await page.goto(`${BASE}/full/custom/${gridForm}`);
    await page.getByLabel('名称').first().fill('基准');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page.getByText('主表数据已保存').waitFor();
    await page
      .getByRole('button')
      .filter({ hasText: /^\s*数据选择\s*$/ })
      .click();
    const chooser = page.locator('.ant-modal').filter({ hasText: '数据选择 - 明细' });
    for (let p = 1; p <= 20; p++) {
      await chooser.getByText(`已选择 ${p * 50} 条`).waitFor({ timeout: 20_000 });
      if (p < 20) await chooser.getByRole('button', { name: /下一页/ }).click();
    }
    await chooser.getByRole('button', { name: '确定' }).click();
    const grid = page.locator('.batch-grid');
    await grid.locator('.vgrid-row').first().waitFor();
    const holder = grid.locator('.vgrid-scroll');
    await holder.hover();
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
        type: 'longtask',
      });
    });
    const t0 = Date.now();
    let lastIndex = '';
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, i < 30 ? 900 : -700);
      await page.waitForTimeout(30);
      if (i === 29)
        lastIndex = await grid.locator('.vgrid-row').last().locator('.vgrid-cell').first().innerText();
    }
    const scrollMs = Date.now() - t0;
    const renderedRows = await grid.locator('.vgrid-row').count();
    const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);

    const r = (n: number) => n.toFixed(1);
    console.log(`# form runtime in Chromium — ${new Date().toISOString().slice(0, 10)} — ${machine()}`);
    console.log(
      `load average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `render, 200 controls: median ${r(median(bigRuns))} ms to the first commit (runs ${bigRuns.map(r).join(', ')}); target ≤ 300 ms`,
    );
    console.log(`render, 200 controls, all drawn (background render): median ${r(median(bigComplete))} ms`);
    console.log(
      `render, 1 control (baseline): median ${r(median(oneRuns))} ms; ratio ${(median(bigRuns) / median(oneRuns)).toFixed(1)}×`,
    );
    console.log(
      `keystroke, 200-control form: median ${r(median(bigKeys))} ms, max ${r(Math.max(...bigKeys))} ms over ${bigKeys.length}; target < 16 ms`,
    );
    console.log(
      `keystroke, 1-control form (baseline): median ${r(median(oneKeys))} ms, max ${r(Math.max(...oneKeys))} ms`,
    );
    console.log(
      `batch grid 1,000 rows: ${renderedRows} rows in the DOM, 30 wheel steps down to row ${lastIndex} and 30 back in ${scrollMs} ms`,
    );
    console.log(
      `long tasks while scrolling: ${longTasks.length} (longest ${longTasks.length ? r(Math.max(...longTasks)) : '0'} ms); target none over 50 ms`,
    );
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

await main();
