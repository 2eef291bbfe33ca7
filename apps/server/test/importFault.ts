/**
 * The import fault test (issue 8): start the real server, import a 100,000-row workbook, SIGKILL
 * the server mid-import — and its embedded PostgreSQL with it, as a lost machine would — then
 * start it again on the same DATA_DIR. The job must resume from its cursor (or fail cleanly) and
 * end in a clear state, the table holding exactly the valid rows once each, and form events
 * exactly for them. Run by bench/import-fault.ts and by importFault.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startServer, stopServer, type RunningServer } from '../../../e2e/support/server.ts';
import { createBenchForm, jobState, login, upload, waitJob, writeWorkbook, type JobState } from './importExportHarness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface FaultOptions {
  rows?: number;
  /** Kill once this share of the rows is committed. */
  killAt?: number;
  leaseSeconds?: number;
  log?: (line: string) => void;
}

export interface FaultResult {
  pass: boolean;
  lines: string[];
}

/** Starts the server again on an existing DATA_DIR, as a supervisor would after a crash. */
export async function restart(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin@123', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`restart did not complete in 90 s:\n${output}`)), 90_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('已启动')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`restart exited with ${code}:\n${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

export function killHard(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return Promise.resolve();
  }
  return (async () => {
    for (let i = 0; i < 200; i++) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        return;
      }
    }
  })();
}

export async function databaseUrlOf(dataDir: string): Promise<string> {
  const pid = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const password = (await fs.readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid.split('\n')[3]!.trim()}/park`;
}

export async function runImportFault(options: FaultOptions = {}): Promise<FaultResult> {
  const rows = options.rows ?? 100_000;
  const killAt = options.killAt ?? 0.3;
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    options.log?.(line);
  };
  const env = { WEB_DIST: 'none', MAX_UPLOAD_MB: '512', IMPORT_LEASE_SECONDS: String(options.leaseSeconds ?? 5) };
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-fault-'));
  let server: RunningServer | null = await startServer(env);
  let second: ChildProcess | null = null;
  try {
    let s = await login(server.baseUrl);
    const formId = await createBenchForm(s, '断电测试');
    const file = path.join(workDir, 'rows.xlsx');
    const valid = await writeWorkbook(file, rows, 1000);
    const code = await upload(s, formId, file);
    const t0 = performance.now();
    let before: JobState;
    for (;;) {
      before = await jobState(s, code, 2);
      if (before.state !== 'pending' && before.state !== 'running') throw new Error(`the import ended before the kill: ${JSON.stringify(before)}`);
      if (before.okRows + before.badRows >= rows * killAt) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The crash: the server, then its database, without a chance to clean up.
    const pgPid = Number((await fs.readFile(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    await killHard(server.child.pid!);
    await killHard(pgPid);
    say(`killed (SIGKILL, server and PostgreSQL) after ${((performance.now() - t0) / 1000).toFixed(1)} s with ${before.okRows + before.badRows} of ${rows} rows reported done`);

    const t1 = performance.now();
    const again = await restart(server.dataDir, env);
    second = again.child;
    say(`restarted on the same DATA_DIR in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    s = await login(again.baseUrl);
    const end = await waitJob(s, code, 2, 250);
    say(`job ended ${((performance.now() - t1) / 1000).toFixed(1)} s after the restart: ${JSON.stringify(end)}`);

    const db = new pg.Client({ connectionString: await databaseUrlOf(server.dataDir) });
    await db.connect();
    try {
      const table = `"form_${formId}"`;
      const counts = (await db.query(`select count(*)::int n, count(distinct f_name)::int d from ${table}`)).rows[0];
      const events = (await db.query(`select count(*)::int n, count(distinct record_id)::int d from form_event where form_id = $1`, [formId])).rows[0];
      const orphans = (await db.query(`select count(*)::int n from form_event e where form_id = $1 and not exists (select 1 from ${table} t where t.id = e.record_id)`, [formId])).rows[0];
      const job = (await db.query(`select state, attempts, cursor, ok_rows, bad_rows from form_import_export where code = $1`, [code])).rows[0];
      const checks: Array<[string, boolean]> = [
        [`rows ${counts.n} = valid rows ${valid}`, counts.n === valid],
        [`no duplicates (${counts.d} distinct names)`, counts.d === counts.n],
        [`form events ${events.n} = rows, one per record, none for an uncommitted row (${orphans.n} orphans)`, events.n === counts.n && events.d === counts.n && orphans.n === 0],
        [`clear end state: ${job.state} (ok ${job.ok_rows}, bad ${job.bad_rows}, runs ${job.attempts})`, job.state === 'part_success' && job.ok_rows === valid && job.bad_rows === rows - valid],
      ];
      for (const [text, ok] of checks) say(`${ok ? '✔' : '✘'} ${text}`);
      const pass = checks.every(([, ok]) => ok);
      say(pass ? 'PASS' : 'FAIL');
      return { pass, lines };
    } finally {
      await db.end();
    }
  } finally {
    if (second) await stopServer({ child: second, dataDir: server!.dataDir });
    else if (server) await stopServer(server);
    server = null;
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
