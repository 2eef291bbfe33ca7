/**
 * The video wall's calls through the platform (session, video:view, camera-group grant, view-log insert,
 * then the gateway call) against the same gateway call made directly with the gateway's token, both to
 * the built-in DSS simulator (DSS_URL=simulator) and measured in this run. The ratio is the platform's
 * share of the cost; a real gateway is slower than the simulator, so the share only shrinks.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DssGateway } from '../apps/server/src/modules/video/dssGateway.ts';
import { GATEWAY } from '../apps/server/src/modules/video/gatewayPaths.ts';
import { adminSession, machine, spawnUntil, stop } from './lib.ts';

const DURATION = Number(process.env.DURATION || 5);
const CONNECTIONS = 8;

async function run(label: string, opts: autocannon.Options) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-bench-video-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const server = await spawnUntil(
  ['--import', 'tsx', 'apps/server/src/main.ts'],
  { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin@123', WEB_DIST: 'none', DSS_URL: 'simulator', LOG_LEVEL: 'warn' },
  '已启动',
);
const base = `http://127.0.0.1:${port}`;
try {
  const { headers: app } = await adminSession(base);

  const gw = new DssGateway({ baseUrl: () => `${base}/dss-simulator`, user: 'system', password: 'Admin123', clientId: 'park_web', clientSecret: 'simulator-secret' });
  const token = (await gw.login()).accessToken;
  const direct = { authorization: `bearer ${token}`, 'content-type': 'application/json' };
  const channel = '1000002$1$0$0';

  const treeDirect = await run('tree direct', { url: `${base}/dss-simulator${GATEWAY.tree}`, method: 'POST', headers: direct, body: '{}' });
  const treeApp = await run('tree app', { url: `${base}/api/video/tree`, headers: app });
  const liveDirect = await run('StartVideo direct', {
    url: `${base}/dss-simulator${GATEWAY.startVideo}`,
    method: 'POST',
    headers: direct,
    body: JSON.stringify({ data: { channelId: channel, streamType: '1', dataType: '1' } }),
  });
  const liveApp = await run('startVideo app', {
    url: `${base}/api/video/startVideo`,
    method: 'POST',
    headers: app,
    body: JSON.stringify({ channelId: channel, streamType: 1 }),
  });

  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
  console.log(`machine: ${machine()}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each, after a 1 s warm-up`);
  console.log(`gateway tree, direct            : ${treeDirect.rps.toFixed(0)} req/s, p99 ${treeDirect.p99} ms`);
  console.log(`GET /api/video/tree (filtered)  : ${treeApp.rps.toFixed(0)} req/s, p99 ${treeApp.p99} ms  ratio ${pct(treeApp.rps, treeDirect.rps)}`);
  console.log(`gateway StartVideo, direct      : ${liveDirect.rps.toFixed(0)} req/s, p99 ${liveDirect.p99} ms`);
  console.log(`POST /api/video/startVideo      : ${liveApp.rps.toFixed(0)} req/s, p99 ${liveApp.p99} ms  ratio ${pct(liveApp.rps, liveDirect.rps)}`);
} finally {
  await stop(server.child);
  await fs.rm(dataDir, { recursive: true, force: true });
}
