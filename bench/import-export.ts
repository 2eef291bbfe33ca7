/**
 * Excel import and export at scale (issue 8), through the real server: a 20-column form,
 * import 100,000 and 1,000,000 rows, export 1,000,000 rows. For each: rows/s, the server's peak
 * RSS (VmRSS of its process, every 100 ms), and the latency of GET /api/user/getUser started
 * every 50 ms while the job runs (the event-loop-delay proxy). Baselines in the same run: exceljs
 * alone reading the same file, and writing the same number of rows, in this process.
 *
 * IMPORT_ROWS (100000), BIG_ROWS (1000000; 0 skips the 1M import and fills the export's rows with
 * generate_series), INLINE=1 writes inline strings instead of Excel's shared strings.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from '../apps/server/src/modules/importExport/excel.ts';
import pg from 'pg';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine } from './lib.ts';
import { createBenchForm, login, observe, pct, upload, waitJob, writeWorkbook, BENCH_COLUMNS, type Session } from '../apps/server/test/importExportHarness.ts';

const IMPORT_ROWS = Number(process.env.IMPORT_ROWS || 100_000);
const BIG_ROWS = Number(process.env.BIG_ROWS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const INLINE = process.env.INLINE === '1';
/* exceljs needs minutes and gigabytes to write a million rows of shared strings; the 1M workbook
   is written with inline strings (as our own export writes) unless BIG_SHARED=1. */
const BIG_INLINE = process.env.BIG_SHARED !== '1';
const MB = 1024 * 1024;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-ie-'));
const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none', MAX_UPLOAD_MB: '1024' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
const pid = server.child.pid!;
const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};

async function parseOnly(file: string): Promise<number> {
  const t0 = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let n = 0;
  for await (const ws of reader) {
    for await (const row of ws) if ((row.values as unknown[]).length > 0) n++;
    break;
  }
  void n;
  return performance.now() - t0;
}

async function writeOnly(rows: number): Promise<number> {
  const t0 = performance.now();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'w.xlsx'), useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const ws = book.addWorksheet('x');
  const values = [null, ...BENCH_COLUMNS.map((c, i) => (i >= 11 && i < 16 ? i : `${c.name}-样例文本`))];
  for (let i = 0; i < rows; i++) {
    ws.getRow(i + 2).values = values;
    ws.getRow(i + 2).commit();
    if (i % 5000 === 0) await new Promise((r) => setImmediate(r));
  }
  ws.commit();
  await book.commit();
  return performance.now() - t0;
}

async function importRun(s: Session, label: string, rows: number, badEvery: number, inline = INLINE) {
  const formId = await createBenchForm(s, `导入基准${rows}`);
  const file = path.join(dir, `import-${rows}.xlsx`);
  const g0 = performance.now();
  const valid = await writeWorkbook(file, rows, badEvery, inline);
  const size = (await fs.stat(file)).size;
  console.log(`  (${label}: workbook of ${rows} rows, ${inline ? 'inline strings' : 'shared strings'}, written in ${((performance.now() - g0) / 1000).toFixed(1)} s, ${(size / MB).toFixed(1)} MB)`);
  const obs = await observe(s, pid, async () => {
    const code = await upload(s, formId, file);
    return waitJob(s, code, 2, 250);
  });
  const { rows: counted } = await pool.query(`select count(*)::int n, count(distinct f_name)::int d from "form_${formId}"`);
  const st = obs.result;
  const ok = st.okRows === valid && counted[0].n === valid && counted[0].d === valid;
  const parseMs = await parseOnly(file);
  say(
    `${label.padEnd(16)} ${(obs.ms / 1000).toFixed(1).padStart(6)} s  ${Math.round(rows / (obs.ms / 1000)).toLocaleString('en').padStart(7)} rows/s  ` +
      `peak RSS ${(obs.peakRss / MB).toFixed(0).padStart(4)} MB (${(obs.startRss / MB).toFixed(0)} at the start)  getUser p99 ${pct(obs.latencies, 99).toFixed(1)} ms (p50 ${pct(obs.latencies, 50).toFixed(1)}, max ${Math.max(...obs.latencies).toFixed(0)}, n=${obs.latencies.length})  ` +
      `${st.state} ok=${st.okRows} bad=${st.badRows} ${ok ? '✔ rows = valid rows' : `✘ expected ${valid}, table has ${counted[0].n}`}; ` +
      `baseline exceljs parse alone ${(parseMs / 1000).toFixed(1)} s (×${(obs.ms / parseMs).toFixed(2)}); ${inline ? 'inline' : 'shared'} strings, ${(size / MB).toFixed(1)} MB`,
  );
  await fs.rm(file, { force: true });
  return formId;
}

try {
  const s = await login(server.baseUrl);
  say(`machine: ${machine()}; load average at start ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await importRun(s, `import ${IMPORT_ROWS.toLocaleString('en')}`, IMPORT_ROWS, 1000);
  let exportForm = 0;
  if (EXPORT_ROWS === 0) {
    /* import only */
  } else if (BIG_ROWS > 0) {
    exportForm = await importRun(s, `import ${BIG_ROWS.toLocaleString('en')}`, BIG_ROWS, 10_000, BIG_INLINE);
    const { rows } = await pool.query(`select count(*)::int n from "form_${exportForm}"`);
    if (rows[0].n > EXPORT_ROWS) await pool.query(`delete from "form_${exportForm}" where id in (select id from "form_${exportForm}" order by id desc limit ${rows[0].n - EXPORT_ROWS})`);
  } else {
    exportForm = await createBenchForm(s, '导出基准');
    await pool.query(`
      insert into "form_${exportForm}" (create_by, f_name, f_time, f_level, ${BENCH_COLUMNS.slice(3).map((c) => c.model).join(', ')})
      select 1, '储罐巡检' || g, to_char(timestamp '2026-01-01' + g * interval '30 second', 'YYYY-MM-DD HH24:MI:SS'), (1 + g % 2)::text,
        ${BENCH_COLUMNS.slice(3, 11).map((_, i) => `'文本${i}-' || g`).join(', ')},
        ${BENCH_COLUMNS.slice(11, 16).map((_, i) => `(g % 1000) + ${i}`).join(', ')},
        ${BENCH_COLUMNS.slice(16, 19).map((_, i) => `to_char(date '2026-01-01' + (g % 365) + ${i}, 'YYYY-MM-DD')`).join(', ')},
        '备注' || g
      from generate_series(1, ${EXPORT_ROWS}) g`);
  }
  if (EXPORT_ROWS > 0) await exportRun(s, exportForm);
  say('targets: 100k import ≤ 20 s, 1M export ≤ 90 s, peak RSS ≤ 400 MB, p99 ≤ 100 ms');
} finally {
  await pool.end();
  await stopServer(server);
  await fs.rm(dir, { recursive: true, force: true });
}

async function exportRun(s: Session, exportForm: number) {
  await pool.query(`vacuum analyze "form_${exportForm}"`);
  const { rows: counted } = await pool.query(`select count(*)::int n from "form_${exportForm}"`);
  const obs = await observe(s, pid, async () => {
    const { importExportCode } = (await (
      await fetch(`${s.base}/api/form/exportForm`, {
        method: 'POST',
        headers: { ...s.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ formId: exportForm, queryConditions: [] }),
      })
    ).json()) as { importExportCode: string };
    return waitJob(s, importExportCode, 1, 250);
  });
  const writeMs = await writeOnly(counted[0].n);
  const st = obs.result;
  say(
    `${`export ${counted[0].n.toLocaleString('en')}`.padEnd(16)} ${(obs.ms / 1000).toFixed(1).padStart(6)} s  ${Math.round(counted[0].n / (obs.ms / 1000)).toLocaleString('en').padStart(7)} rows/s  ` +
      `peak RSS ${(obs.peakRss / MB).toFixed(0).padStart(4)} MB (${(obs.startRss / MB).toFixed(0)} at the start)  getUser p99 ${pct(obs.latencies, 99).toFixed(1)} ms (p50 ${pct(obs.latencies, 50).toFixed(1)}, max ${Math.max(...obs.latencies).toFixed(0)}, n=${obs.latencies.length})  ` +
      `${st.state} rows=${st.done}; baseline exceljs writing the same rows alone ${(writeMs / 1000).toFixed(1)} s (×${(obs.ms / writeMs).toFixed(2)})`,
  );
}
