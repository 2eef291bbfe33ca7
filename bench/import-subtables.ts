/**
 * Excel import and export of a form with a sub-table, beside the same form without one, through
 * the real server in the same run: ROWS records (20 columns), each with CHILDREN rows in the
 * sub-table's sheet (3 columns). Prints the time of each job, the stored rows per second, and the
 * ratio to the plain form's figure — the cost of staging the children, validating them with their
 * record and writing both in one transaction.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine } from './lib.ts';
import { createBenchForm, login, upload, waitJob, writeWorkbook, type Session } from '../apps/server/test/importExportHarness.ts';

const ROWS = Number(process.env.ROWS || 20_000);
const CHILDREN = Number(process.env.CHILDREN || 3);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-sub-'));
const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none', MAX_UPLOAD_MB: '1024' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });

async function timedJob(s: Session, start: () => Promise<string>, type: 1 | 2) {
  const t0 = performance.now();
  const state = await waitJob(s, await start(), type, 100);
  return { ms: performance.now() - t0, state };
}

async function exportJob(s: Session, formId: number) {
  return timedJob(
    s,
    async () => {
      const r = await fetch(`${s.base}/api/form/exportForm`, {
        method: 'POST',
        headers: { ...s.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ formId, queryConditions: [] }),
      });
      return ((await r.json()) as { importExportCode: string }).importExportCode;
    },
    1,
  );
}

const count = async (table: string) => (await pool.query(`select count(*)::int n from "${table}"`)).rows[0].n as number;
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en');

try {
  const s = await login(server.baseUrl);
  console.log(`machine: ${machine()}; ${ROWS.toLocaleString('en')} records of 20 columns, ${CHILDREN} children each (3 columns)`);
  const plainFile = path.join(dir, 'plain.xlsx');
  const subFile = path.join(dir, 'sub.xlsx');
  await writeWorkbook(plainFile, ROWS);
  await writeWorkbook(subFile, ROWS, 0, false, CHILDREN);

  const plain = await createBenchForm(s, '子表基准-无子表');
  const withSub = await createBenchForm(s, '子表基准-有子表', true);
  const a = await timedJob(s, () => upload(s, plain, plainFile), 2);
  const b = await timedJob(s, () => upload(s, withSub, subFile), 2);
  const [pa, pb, cb] = [await count(`form_${plain}`), await count(`form_${withSub}`), await count(`form_${withSub}__items`)];
  const ok = pa === ROWS && pb === ROWS && cb === ROWS * CHILDREN && a.state.state === 'success' && b.state.state === 'success';
  console.log(`import, no sub-table     ${(a.ms / 1000).toFixed(1).padStart(6)} s  ${rate(pa, a.ms).padStart(7)} stored rows/s`);
  console.log(
    `import, with sub-table   ${(b.ms / 1000).toFixed(1).padStart(6)} s  ${rate(pb + cb, b.ms).padStart(7)} stored rows/s ` +
      `(${pb.toLocaleString('en')} records + ${cb.toLocaleString('en')} children) = ×${(b.ms / a.ms).toFixed(2)} the time, ` +
      `${((pb + cb) / (b.ms / 1000) / (pa / (a.ms / 1000))).toFixed(2)} × the stored rows/s   ${ok ? '✔ counts' : '✘ counts'}`,
  );
  const ea = await exportJob(s, plain);
  const eb = await exportJob(s, withSub);
  console.log(`export, no sub-table     ${(ea.ms / 1000).toFixed(1).padStart(6)} s  ${rate(pa, ea.ms).padStart(7)} rows/s`);
  console.log(`export, with sub-table   ${(eb.ms / 1000).toFixed(1).padStart(6)} s  ${rate(pb + cb, eb.ms).padStart(7)} rows/s = ×${(eb.ms / ea.ms).toFixed(2)} the time for ${((pb + cb) / pa).toFixed(0)}× the rows`);
} finally {
  await pool.end();
  await stopServer(server);
  await fs.rm(dir, { recursive: true, force: true });
}
