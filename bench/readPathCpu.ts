/**
 * Where a get by id spends the server's CPU (issue 43), stage by stage, in µs per get: one process
 * boots the server's context on a bench database (as bootstrap does for main.ts) and runs each
 * stage of getformdatabyid in a loop — the session lookup, the permission check and design lookup,
 * the statement (ReadBatcher, batches of BATCH ids as concurrency 8 gives), presentRow, the reply's
 * codecs and its JSON — and the whole route through Fastify's inject beside the HTTP floor
 * (/apc/publicKey). CPU time (process.cpuUsage), not wall time: on a shared 2-core machine the wall
 * clock swings with the load, a process's own CPU per call much less. PostgreSQL's CPU is not
 * counted; this bench judges the server's share only.
 *
 *   npx tsx bench/readPathCpu.ts          (ROWS=100000 LOOPS=20000 BATCH=4)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/bootstrap.ts';
import { PreparedStatements } from '../apps/server/src/db/prepared.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { recordScopeFor } from '../apps/server/src/modules/form/recordAccess.ts';
import { recordReply } from '../apps/server/src/modules/form/records.service.ts';
import { presentRow } from '../apps/server/src/modules/form/recordStore.ts';
import { modelForCaller } from '../apps/server/src/modules/form/formModel.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { ensureBenchForm } from './benchForm.ts';
import { adminSession, machine } from './lib.ts';

const ROWS = Number(process.env.ROWS || 100_000);
const LOOPS = Number(process.env.LOOPS || 20_000);
const BATCH = Number(process.env.BATCH || 4);
const DATA_DIR = process.env.BENCH_DATA_DIR || `/tmp/park-bench-readpath-${ROWS}`;
fs.mkdirSync(DATA_DIR, { recursive: true });

/** Of the stages' CPU, the kernel's (system time: socket writes and wake-ups), in µs per call, by stage name. */
const systemUs = new Map<string, number>();

/** µs of this process's CPU per call of `fn`, over `n` calls after n/4 untimed ones; its system share under `name`. */
async function cpuPer(name: string, n: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < n / 4; i++) await fn(i);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn(i);
  const c = process.cpuUsage(c0);
  systemUs.set(name, c.system / n);
  return (c.user + c.system) / n;
}

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none', DATA_DIR });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
pool.on('error', () => undefined);
const booted = await bootstrap(
  loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'park-readpath-')), WEB_DIST: 'none' }),
  server.databaseUrl,
  pino({ level: 'silent' }),
);
const app = await buildApp(booted.ctx, { logger: false });
try {
  const { cookie, headers } = await adminSession(server.baseUrl);
  const { formId, table } = await ensureBenchForm(server.baseUrl, headers, pool, ROWS);
  const ids = (await pool.query(`select id::text from "${table}" order by random() limit 50000`)).rows.map((r: { id: string }) => r.id);
  const ctx = booted.ctx;
  const token = cookie.split('=')[1]!;
  const auth = (await ctx.sessions.resolve(token))!;
  const fid = String(formId);
  const model = await modelForCaller(ctx, auth, fid);
  const scope = recordScopeFor(auth, fid, 'view')!;
  const row = (await ctx.records.reads.read(model, model.main, ids[0]!, scope))!;
  const reply = recordReply(model, row);

  const idOf = (i: number) => ids[i % ids.length]!;
  const stages: Array<[string, number]> = [];
  stages.push(['session lookup', await cpuPer('session', LOOPS, () => ctx.sessions.resolve(token))]);
  stages.push(['permission + design', await cpuPer('permission', LOOPS, () => (recordScopeFor(auth, fid, 'view'), modelForCaller(ctx, auth, fid)))]);
  /*
   * The statement three ways, BATCH ids each: through ReadBatcher (as concurrent gets send it),
   * through PreparedStatements alone, and through pg alone (named, on a pool of its own). In two
   * alternating rounds, the last one reported: until 2026-12-07 ReadBatcher ran once and first and
   * pg alone after it, so pg alone met code ReadBatcher had warmed, and the 10–36 µs "ReadBatcher
   * over pg alone" of that day's runs was mostly that order (3–5 µs once alternated).
   */
  const text = `select * from "${table}" where id = any($1::bigint[])`;
  const idsOf = (k: number) => Array.from({ length: BATCH }, (_, j) => idOf(k * BATCH + j));
  const prepared = new PreparedStatements(ctx.pool);
  let batchCpu = 0;
  let preparedCpu = 0;
  let bare = 0;
  for (let round = 0; round < 2; round++) {
    batchCpu = await cpuPer('statement', LOOPS / BATCH, (k) => Promise.all(idsOf(k).map((id) => ctx.records.reads.read(model, model.main, id, scope))));
    preparedCpu = await cpuPer('prepared', LOOPS / BATCH, (k) => prepared.query(text, [idsOf(k)]));
    bare = await cpuPer('pg', LOOPS / BATCH, (k) => pool.query({ name: 'bench_read', text, values: [idsOf(k)] }));
  }
  stages.push([`statement (${BATCH} ids each)`, batchCpu / BATCH]);
  const bareArray = await cpuPer('pg array', LOOPS / BATCH, (k) => pool.query({ name: 'bench_read', text, values: [idsOf(k)], rowMode: 'array' }));
  // Every column as its text (no timestamp, int8 or json parsers): what pg's value parsers cost.
  const asText = { getTypeParser: () => (v: string) => v } as unknown as pg.CustomTypesConfig;
  const bareText = await cpuPer('pg text', LOOPS / BATCH, (k) => pool.query({ name: 'bench_read', text, values: [idsOf(k)], types: asText }));
  const noop = await cpuPer('select 1', LOOPS / BATCH, () => pool.query({ name: 'bench_noop', text: 'select 1' }));
  stages.push(['presentRow', await cpuPer('presentRow', LOOPS * 5, () => presentRow(row, model.main))]);
  const whole = await cpuPer('recordReply', LOOPS * 5, () => recordReply(model, row));
  stages.push(['reply codecs (formData)', whole - stages[stages.length - 1]![1]]);
  stages.push(['JSON of the reply', await cpuPer('JSON', LOOPS * 5, () => JSON.stringify({ errCode: 0, ...reply }))]);
  const sum = stages.reduce((s, [, v]) => s + v, 0);
  const inject = (url: string, i: number) => app.inject({ method: 'GET', url: url.replace('{id}', idOf(i)), headers: { cookie } });
  const floor = await cpuPer('floor', LOOPS, (i) => inject('/apc/publicKey', i));
  // The route one at a time (inject does not batch): its statement carries one id.
  const route = await cpuPer('route', LOOPS, (i) => inject(`/api/form/getformdatabyid?formId=${formId}&businessId={id}`, i));
  // The selective list call (issue 43's other target): one match, page 1 of 10 with its total.
  const listBody = JSON.stringify({ formId, pageNum: 1, pageSize: 10, queryConditions: [{ key: 'f_name', type: '$like', value: '检查12345' }], sort: { key: 'f_time', sort: 'desc' } });
  const listCall = () =>
    app.inject({ method: 'POST', url: '/api/form/queryFormDataByConditions', headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: listBody });
  const listed = (await listCall()).json() as { totalCount: number };
  if (listed.totalCount !== 1) throw new Error(`selective list: ${JSON.stringify(listed).slice(0, 200)}`);
  // Fewer calls: without a search index on this form each one scans the table in PostgreSQL.
  const list = await cpuPer('list', LOOPS / 50, listCall);
  console.log(`machine: ${machine()}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${ROWS.toLocaleString('en')} rows, ${LOOPS} loops`);
  for (const [name, us] of stages) console.log(`${name.padEnd(28)} ${us.toFixed(1).padStart(7)} µs per get`);
  const sys = (k: string, per = 1) => `${((systemUs.get(k) ?? 0) / per).toFixed(1)} µs system`;
  console.log(`  of which system time ${sys('statement', BATCH)}; per statement ${(batchCpu).toFixed(1)} µs`);
  console.log(`  of which PreparedStatements alone, same statement: ${(preparedCpu / BATCH).toFixed(1)} µs per get (ReadBatcher's own share ${((batchCpu - preparedCpu) / BATCH).toFixed(1)} µs)`);
  console.log(`  of which pg alone, same statement: ${(bare / BATCH).toFixed(1)} µs per get (rowMode array ${(bareArray / BATCH).toFixed(1)}, every value as text ${(bareText / BATCH).toFixed(1)}); 'select 1' ${(noop / BATCH).toFixed(1)} µs; pg alone ${sys('pg', BATCH)}`);
  console.log(`${'sum of the stages'.padEnd(28)} ${sum.toFixed(1).padStart(7)} µs`);
  console.log(`${'inject /apc/publicKey'.padEnd(28)} ${floor.toFixed(1).padStart(7)} µs (light-my-request + Fastify + hooks), ${sys('floor')}`);
  console.log(`${'inject getformdatabyid'.padEnd(28)} ${route.toFixed(1).padStart(7)} µs (one id per statement); over the floor ${(route - floor).toFixed(1)} µs, ${sys('route')}`);
  console.log(`${'inject selective list call'.padEnd(28)} ${list.toFixed(1).padStart(7)} µs; over the floor ${(list - floor).toFixed(1)} µs, ${sys('list')}`);
} finally {
  await app.close();
  await booted.close();
  await pool.end();
  await stopServer(server, true);
}
