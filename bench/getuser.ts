/**
 * Throughput of GET /api/user/getUser (session cookie checked on every call) at concurrency 16,
 * against a bare Fastify route returning a constant, both measured in this run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { adminSession, machine, spawnUntil, stop } from './lib.ts';

const DURATION = Number(process.env.DURATION || 10);
const CONNECTIONS = 16;

async function run(url: string, headers: Record<string, string> = {}) {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-getuser-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const server = await spawnUntil(['--import', 'tsx', 'apps/server/src/main.ts'], {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_PASSWORD: 'Admin@123',
  WEB_DIST: 'none',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
}, '已启动');
const base = `http://127.0.0.1:${port}`;
const { cookie } = await adminSession(base);

const bare = await spawnUntil(['--import', 'tsx', 'bench/bareServer.ts'], { PORT: String(port + 1) }, 'bare ready');

const bareResult = await run(`http://127.0.0.1:${port + 1}/bare`);
const getUser = await run(`${base}/api/user/getUser`, { cookie });

await stop(bare.child);
await stop(server.child);
await fs.rm(dataDir, { recursive: true, force: true });

console.log(`machine: ${machine()}`);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each, after a 2 s warm-up`);
console.log(`bare Fastify constant : ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99} ms`);
console.log(`GET /api/user/getUser : ${getUser.rps.toFixed(0)} req/s, p99 ${getUser.p99} ms`);
console.log(`ratio getUser / bare  : ${((getUser.rps / bareResult.rps) * 100).toFixed(1)}%   (target ≥ 40%)`);
