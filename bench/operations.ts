/**
 * Operations (issue 28), two figures, each against a baseline measured in this run:
 *  1. What the request metrics cost: GET /api/user/getUser throughput on a server with METRICS_TOKEN
 *     set (every request observed into the histogram) vs the same server build without it.
 *  2. How fast a hot backup is: `runBackup` (physical, while the database runs) of a cluster holding
 *     ~ROWS rows vs a plain recursive copy of the same data directory (what `cp -a` of a stopped
 *     server would do, with no WAL handling and no checksums); then the restore (checksums verified,
 *     WAL replayed by a real start) vs the same plain copy.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/connect.ts';
import { runBackup } from '../apps/server/src/modules/backup/backup.ts';
import { restoreBackup } from '../apps/server/src/modules/backup/restore.ts';
import { machine, spawnUntil, stop } from './lib.ts';

const DURATION = Number(process.env.DURATION || 10);
const CONNECTIONS = 16;
const ROWS = Number(process.env.ROWS || 500_000);

async function throughput(url: string, cookie: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie } });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function startServer(dataDir: string, port: number, env: Record<string, string>) {
  const server = await spawnUntil(['--import', 'tsx', 'apps/server/src/main.ts'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'Admin@123',
    WEB_DIST: 'none',
    LOG_LEVEL: 'warn',
    BACKUP_CRON: 'off',
    ...env,
  }, '已启动');
  const base = `http://127.0.0.1:${port}`;
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  return { child: server.child, base, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-ops-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const plain = await startServer(path.join(root, 'plain'), port, {});
const metered = await startServer(path.join(root, 'metered'), port + 1, { METRICS_TOKEN: 'bench' });

// Alternate the two, twice, so neither gets the quieter moment of the shared machine.
const plainRuns = [];
const meteredRuns = [];
for (let i = 0; i < 2; i++) {
  plainRuns.push(await throughput(`${plain.base}/api/user/getUser`, plain.cookie));
  meteredRuns.push(await throughput(`${metered.base}/api/user/getUser`, metered.cookie));
}
const scrape0 = performance.now();
const scrape = await fetch(`${metered.base}/metrics`, { headers: { authorization: 'Bearer bench' } });
const scrapeBytes = (await scrape.text()).length;
const scrapeMs = performance.now() - scrape0;
await stop(plain.child);

// Data for the backup: ROWS rows of ~200 bytes in the metered server's database.
const dataDir = path.join(root, 'metered');
const pid = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
const password = (await fs.readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]}/park`;
const c = new pg.Client({ connectionString: url });
await c.connect();
await c.query(`create table bench_rows as select g as id, md5(g::text) || repeat('x', 160) as payload from generate_series(1, ${ROWS}) g`);
await c.query('checkpoint');
await c.end();

const config = { ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: 'none' }) };
config.ops = { ...config.ops, backupDir: path.join(root, 'backups') };
const { db } = createDb(url, 2);
const admin = new URL(url);
admin.pathname = '/postgres';
let t0 = performance.now();
const backup = await runBackup(config, db, { databaseUrl: url, cluster: { adminUrl: admin.toString(), dir: path.join(dataDir, 'pg') } }, { trigger: 'manual' });
const backupSeconds = seconds(t0);
await db.destroy();

t0 = performance.now();
await fs.cp(path.join(dataDir, 'pg'), path.join(root, 'plain-copy'), { recursive: true, filter: (src) => !src.endsWith('postmaster.pid') });
const copySeconds = seconds(t0);
await stop(metered.child);

const restoreConfig = loadConfig({ DATA_DIR: path.join(root, 'restored'), WEB_DIST: 'none' });
t0 = performance.now();
await restoreBackup(restoreConfig, backup.dir, { force: false, databaseUrl: null, embeddedDatabase: 'park', isRunning: async () => false }, pino({ level: 'warn' }));
const restoreSeconds = seconds(t0);
await fs.rm(root, { recursive: true, force: true });

const mb = backup.manifest.totalBytes / 2 ** 20;
const avg = (xs: Array<{ rps: number }>) => xs.reduce((n, x) => n + x.rps, 0) / xs.length;
console.log(`machine: ${machine()} (shared with other work while measured)`);
console.log(`getUser without METRICS_TOKEN : ${avg(plainRuns).toFixed(0)} req/s (runs: ${plainRuns.map((r) => r.rps.toFixed(0)).join(', ')})`);
console.log(`getUser with METRICS_TOKEN    : ${avg(meteredRuns).toFixed(0)} req/s (runs: ${meteredRuns.map((r) => r.rps.toFixed(0)).join(', ')})`);
console.log(`ratio metered / plain         : ${((avg(meteredRuns) / avg(plainRuns)) * 100).toFixed(1)}%`);
console.log(`one /metrics scrape           : ${scrapeMs.toFixed(0)} ms, ${scrapeBytes} bytes`);
console.log(`hot backup (${ROWS} rows, ${mb.toFixed(0)} MB): ${backupSeconds.toFixed(1)} s = ${(mb / backupSeconds).toFixed(0)} MB/s`);
console.log(`plain copy of the data dir    : ${copySeconds.toFixed(1)} s; backup / copy = ${(backupSeconds / copySeconds).toFixed(2)}×`);
console.log(`restore (verify + replay)     : ${restoreSeconds.toFixed(1)} s; restore / copy = ${(restoreSeconds / copySeconds).toFixed(2)}×`);
