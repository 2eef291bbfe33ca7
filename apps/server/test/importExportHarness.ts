/**
 * Shared by bench/import-export.ts, bench/import-fault.ts and the fault test: a logged-in session on a running
 * server, the 20-column benchmark form, workbook generation, and the server process's memory.
 */
import fs from 'node:fs/promises';
import ExcelJS from '../src/modules/importExport/excel.ts';
import { sealWithForge } from './sealWithForge.ts';

export interface Session {
  base: string;
  cookie: string;
  headers: Record<string, string>;
}

export async function login(base: string): Promise<Session> {
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const res = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { base, cookie, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } };
}

export async function postJson(s: Session, url: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${s.base}${url}`, { method: 'POST', headers: { ...s.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = (await r.json()) as Record<string, unknown>;
  if (j.errCode !== 0) throw new Error(`${url}: ${JSON.stringify(j)}`);
  return j;
}

/** The forms benchmark's 20 columns: text, a date-time, a select, numbers, dates, a note. */
export const BENCH_COLUMNS = [
  { type: 'input', model: 'f_name', name: '名称', options: { required: true } },
  { type: 'datetime', model: 'f_time', name: '检查时间', options: {} },
  { type: 'select', model: 'f_level', name: '级别', options: { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] } },
  ...Array.from({ length: 8 }, (_, i) => ({ type: 'input', model: `f_text${i}`, name: `文本${i}`, options: {} })),
  ...Array.from({ length: 5 }, (_, i) => ({ type: 'number', model: `f_num${i}`, name: `数值${i}`, options: { enableMinMax: true, min: 0, max: 100000 } })),
  ...Array.from({ length: 3 }, (_, i) => ({ type: 'date', model: `f_date${i}`, name: `日期${i}`, options: {} })),
  { type: 'textarea', model: 'f_note', name: '备注', options: {} },
].map((c, i) => ({ key: `k${i}`, rules: [], ...c }));

export async function createBenchForm(s: Session, name: string, withItems = false): Promise<number> {
  const { formId } = (await postJson(s, '/api/form/formconf/save', { formName: name })) as { formId: number };
  await postJson(s, '/api/form/saveformdesign', { formId, formMeta: { list: withItems ? [...BENCH_COLUMNS, BENCH_ITEMS] : BENCH_COLUMNS, config: {} } });
  return formId;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A workbook of `rows` data rows under the form's headers, written with exceljs's streaming
 * writer. Every `badEvery`-th row is invalid (级别 not an option). Shared strings as Excel writes
 * them, unless `inline`. Returns the number of valid rows.
 */
export async function writeWorkbook(file: string, rows: number, badEvery = 0, inline = false, childrenPerRow = 0): Promise<number> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: !inline });
  const ws = book.addWorksheet('数据');
  ws.addRow(BENCH_COLUMNS.map((c) => c.name)).commit();
  let valid = 0;
  for (let g = 1; g <= rows; g++) {
    const bad = badEvery > 0 && g % badEvery === 0;
    if (!bad) valid++;
    const minute = g % 60;
    const values: Array<string | number> = [
      `储罐巡检${g}`,
      `2026-${pad(1 + (g % 12))}-${pad(1 + (g % 28))} 08:${pad(minute)}:00`,
      bad ? '三级' : g % 2 ? '一级' : '二级',
      ...Array.from({ length: 8 }, (_, i) => `文本${i}-${g}`),
      ...Array.from({ length: 5 }, (_, i) => (g % 1000) + i),
      ...Array.from({ length: 3 }, (_, i) => `2026-${pad(1 + ((g + i) % 12))}-${pad(1 + ((g + i) % 28))}`),
      `备注${g}`,
    ];
    ws.addRow(values).commit();
    if (g % 10_000 === 0) await new Promise((r) => setImmediate(r));
  }
  ws.commit();
  if (childrenPerRow > 0) {
    // The sub-table BENCH_ITEMS's sheet: each record's children, linked by its row (g + 1).
    const items = book.addWorksheet(BENCH_ITEMS.name);
    items.addRow(['主表行号', ...BENCH_ITEMS.tableColumns.map((c) => c.name)]).commit();
    for (let g = 1; g <= rows; g++) {
      for (let k = 1; k <= childrenPerRow; k++) items.addRow([g + 1, `检查项${g}-${k}`, k % 2 ? '合格' : '不合格', g % 100]).commit();
      if (g % 10_000 === 0) await new Promise((r) => setImmediate(r));
    }
    items.commit();
  }
  await book.commit();
  return valid;
}

/** A sub-table for the benchmark form: three columns per child. */
export const BENCH_ITEMS = {
  type: 'table',
  key: 'k_items',
  model: 'items',
  name: '检查明细',
  options: {},
  tableColumns: [
    { type: 'input', key: 'k_i0', model: 'item_name', name: '检查项', options: { required: true }, rules: [] },
    { type: 'select', key: 'k_i1', model: 'item_result', name: '结果', options: { options: [{ value: 'ok', label: '合格' }, { value: 'bad', label: '不合格' }] }, rules: [] },
    { type: 'number', key: 'k_i2', model: 'item_score', name: '得分', options: {}, rules: [] },
  ],
};

export async function upload(s: Session, formId: number, file: string): Promise<string> {
  const bytes = await fs.readFile(file);
  const body = new FormData();
  body.append('file', new Blob([bytes]), 'data.xlsx');
  const r = await fetch(`${s.base}/api/form/importForm/${formId}`, { method: 'POST', headers: s.headers, body });
  const j = (await r.json()) as { errCode: number; importExportCode: string };
  if (j.errCode !== 0) throw new Error(`importForm: ${JSON.stringify(j)}`);
  return j.importExportCode;
}

export interface JobState {
  state: string;
  reason: string | null;
  total: number;
  done: number;
  okRows: number;
  badRows: number;
  fileId?: number;
  errorFileId?: number;
}

export async function jobState(s: Session, code: string, type: 1 | 2): Promise<JobState> {
  const r = await fetch(`${s.base}/api/form/getImportExportState/${code}/${type}`, { headers: s.headers });
  const j = (await r.json()) as { errCode: number; formImportExportState: JobState };
  if (j.errCode !== 0) throw new Error(`getImportExportState: ${JSON.stringify(j)}`);
  return j.formImportExportState;
}

export async function waitJob(s: Session, code: string, type: 1 | 2, everyMs: number, onTick?: (st: JobState) => void): Promise<JobState> {
  for (;;) {
    const st = await jobState(s, code, type);
    onTick?.(st);
    if (st.state === 'success' || st.state === 'part_success' || st.state === 'failed') return st;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** VmRSS of a process in bytes, or 0 when it is gone. */
export async function rssOf(pid: number): Promise<number> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * While `work` runs: the server's VmRSS every 100 ms, and the latency of GET /api/user/getUser
 * started every 50 ms (one at a time), the event-loop-delay proxy.
 */
export async function observe<T>(s: Session, pid: number, work: () => Promise<T>) {
  const startRss = await rssOf(pid);
  let peakRss = startRss;
  const latencies: number[] = [];
  let running = true;
  const rssLoop = (async () => {
    while (running) {
      peakRss = Math.max(peakRss, await rssOf(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const apiLoop = (async () => {
    while (running) {
      const t0 = performance.now();
      const r = await fetch(`${s.base}/api/user/getUser`, { headers: { cookie: s.cookie } });
      await r.arrayBuffer();
      const ms = performance.now() - t0;
      latencies.push(ms);
      await new Promise((res) => setTimeout(res, Math.max(0, 50 - ms)));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, peakRss, startRss, latencies };
  } finally {
    running = false;
    await Promise.all([rssLoop, apiLoop]);
  }
}
