/**
 * Start-up time of the platform: first start (initdb, migrations, seed, keys) and restart on an
 * existing DATA_DIR. Baseline in the same run: the embedded PostgreSQL alone starting the same
 * cluster, the part no amount of work in our code can remove.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbedded } from '../apps/server/src/db/embedded.ts';
import { machine, median, spawnUntil, stop } from './lib.ts';

const RUNS = Number(process.env.RUNS || 3);
const SERVER = ['--import', 'tsx', 'apps/server/src/main.ts'];

const firsts: number[] = [];
const restarts: number[] = [];
const pgOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-start-'));
  const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin@123', LOG_LEVEL: 'warn', WEB_DIST: 'none' };
  const first = await spawnUntil(SERVER, env, '已启动');
  firsts.push(first.ms);
  await stop(first.child);
  const again = await spawnUntil(SERVER, env, '已启动');
  restarts.push(again.ms);
  await stop(again.child);
  const t0 = performance.now();
  const cluster = await startEmbedded({ dir: path.join(dataDir, 'pg'), logger: pino({ level: 'silent' }) });
  pgOnly.push(performance.now() - t0);
  await cluster.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const f = median(firsts);
const r = median(restarts);
const b = median(pgOnly);
console.log(`machine: ${machine()}`);
console.log(`runs: ${RUNS} (median shown; process spawn to "已启动" printed)`);
console.log(`first start incl. initdb : ${f.toFixed(0)} ms   (target ≤ 30000)`);
console.log(`restart, existing data   : ${r.toFixed(0)} ms   (target ≤ 10000)`);
console.log(`baseline: embedded PostgreSQL start alone: ${b.toFixed(0)} ms; restart / baseline = ${(r / b).toFixed(2)}×`);
