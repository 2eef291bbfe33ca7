/**
 * The server's transport to its embedded PostgreSQL (issue 16): the same small parameterised query
 * from a pg pool of 8 over loopback TCP (EmbeddedCluster.urlFor) and over the Unix-domain socket
 * (localUrlFor, what the server's own pools use), in alternating rounds on one throw-away cluster.
 * Prints queries/s and this process's CPU per query (the sender's cost, which a list call pays).
 *
 *   npx tsx bench/pgTransport.ts        (QUERIES=4000 per round, ROUNDS=3)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../apps/server/src/db/embedded.ts';
import { machine } from './lib.ts';

const QUERIES = Number(process.env.QUERIES || 4000);
const ROUNDS = Number(process.env.ROUNDS || 3);
const CONCURRENCY = 8;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-pgt-'));
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const cluster = await startEmbedded({ dir, logger: quiet, fast: true });
const tcp = new pg.Pool({ connectionString: cluster.urlFor('postgres'), max: CONCURRENCY });
const unix = new pg.Pool({ connectionString: cluster.localUrlFor('postgres'), max: CONCURRENCY });
for (const p of [tcp, unix]) p.on('error', () => undefined);

async function round(pool: pg.Pool, n: number): Promise<{ perSecond: number; cpuMs: number }> {
  let next = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) await pool.query('select $1::int + 1 as x, now() as t', [next]);
    }),
  );
  const c = process.cpuUsage(c0);
  return { perSecond: n / ((performance.now() - t0) / 1000), cpuMs: (c.user + c.system) / 1000 / n };
}

try {
  if (cluster.localUrlFor('postgres') === cluster.urlFor('postgres')) throw new Error('the cluster has no Unix-domain socket');
  console.log(`machine: ${machine()}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  await round(tcp, 500);
  await round(unix, 500);
  for (let r = 1; r <= ROUNDS; r++) {
    const a = await round(tcp, QUERIES);
    const b = await round(unix, QUERIES);
    console.log(
      `round ${r}: TCP ${a.perSecond.toFixed(0)} q/s, ${(1000 * a.cpuMs).toFixed(0)} µs CPU/query | ` +
        `Unix socket ${b.perSecond.toFixed(0)} q/s, ${(1000 * b.cpuMs).toFixed(0)} µs CPU/query | ×${(b.perSecond / a.perSecond).toFixed(2)} q/s`,
    );
  }
  console.log(`load average at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  await Promise.all([tcp.end(), unix.end()]);
  await cluster.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
