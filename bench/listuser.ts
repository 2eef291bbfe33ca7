/**
 * The user picker's call at scale (issue 4): GET /api/user/listUser?pageSize=10000000&pageNum=1
 * over 50,000 users, each in an organisation and holding a role. Measures the server process's
 * resident memory above its idle level while it answers (sampled from /proc/<pid>/status), and the
 * time to the last byte, beside the same rows read with raw SQL in the same run.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { adminSession, machine, median } from './lib.ts';

const USERS = Number(process.env.USERS || 50_000);
const RUNS = Number(process.env.RUNS || 3);
const SAMPLE_MS = 5;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!m) throw new Error('no VmRSS');
  return Number(m[1]);
}

const mb = (kb: number) => (kb / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call, with RSS sampled every few ms until the last byte; the body is only counted here. */
function measuredCall(base: string, path: string, cookie: string, pid: number) {
  return new Promise<{ ttfb: number; ttlb: number; bytes: number; peakKb: number; body: string }>((resolve, reject) => {
    let peakKb = rssKb(pid);
    const timer = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(pid));
    }, SAMPLE_MS);
    const t0 = performance.now();
    let ttfb = 0;
    const req = http.get(`${base}${path}`, { headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.once('data', () => {
        ttfb = performance.now() - t0;
      });
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        chunks.push(c);
      });
      res.on('end', () => {
        const ttlb = performance.now() - t0;
        clearInterval(timer);
        peakKb = Math.max(peakKb, rssKb(pid));
        if (res.statusCode !== 200) return reject(new Error(`${res.statusCode}`));
        resolve({ ttfb, ttlb, bytes, peakKb, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
  });
}

/** The same rows and columns as the streamed reply, in one statement, read whole by `pg`. */
const RAW_SQL = `
  select u.id, u.username, u.real_name, u.sex, u.phone, u.email, u.user_type, u.status, u.create_time,
         og.orgs, og.org_name, rg.roles
  from sys_user u
  left join lateral (
    select json_agg(json_build_object('id', o.id, 'orgName', o.org_name) order by o.id)::text as orgs,
           string_agg(o.org_name, ',' order by o.id) as org_name
    from sys_user_org uo join sys_org o on o.id = uo.org_id where uo.user_id = u.id) og on true
  left join lateral (
    select json_agg(json_build_object('id', r.id, 'roleName', r.role_name) order by r.id)::text as roles
    from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id) rg on true
  order by u.id desc`;

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
try {
  const pid = server.child.pid!;
  const t0 = performance.now();
  await pool.query(
    `with u as (
       insert into sys_user (username, password_hash, real_name, sex, phone, email)
       select 'bench' || lpad(g::text, 6, '0'), 'x', '测试用户' || g, (g % 2)::text,
              '139' || lpad(g::text, 8, '0'), 'bench' || g || '@park.example.cn'
       from generate_series(1, $1::int) g
       returning id)
     , orgs as (select array_agg(id order by id) a from sys_org where parent_id is not null)
     , o as (insert into sys_user_org (user_id, org_id)
             select u.id, orgs.a[1 + (u.id % cardinality(orgs.a))] from u, orgs)
     insert into sys_user_role (user_id, role_id) select u.id, (select id from sys_role where role_code = 'company_user') from u`,
    [USERS],
  );
  await pool.query('vacuum analyze sys_user, sys_user_org, sys_user_role');
  const insertMs = performance.now() - t0;

  const base = server.baseUrl;
  const { cookie } = await adminSession(base);

  // Warm the route (schema compilation, JIT), then let the heap settle before reading idle RSS.
  for (let i = 0; i < 20; i++) await measuredCall(base, '/api/user/listUser?pageNum=1&pageSize=10', cookie, pid);
  await sleep(2000);

  const runs: Array<{ idleKb: number; peakKb: number; ttfb: number; ttlb: number; bytes: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const idleKb = rssKb(pid);
    const r = await measuredCall(base, '/api/user/listUser?pageSize=10000000&pageNum=1', cookie, pid);
    const parsed = JSON.parse(r.body) as { errCode: number; totalCount: number; datas: unknown[] };
    if (parsed.errCode !== 0 || parsed.datas.length !== USERS + 1 || parsed.totalCount !== USERS + 1) {
      throw new Error(`unexpected reply: errCode ${parsed.errCode}, ${parsed.datas.length} rows, totalCount ${parsed.totalCount}`);
    }
    runs.push({ idleKb, peakKb: r.peakKb, ttfb: r.ttfb, ttlb: r.ttlb, bytes: r.bytes });
    await sleep(2000);
  }

  const raw: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const res = await pool.query(RAW_SQL);
    if (res.rows.length !== USERS + 1) throw new Error(`raw SQL: ${res.rows.length} rows`);
    raw.push(performance.now() - s);
  }

  console.log(`machine: ${machine()}`);
  console.log(`users: ${USERS} (+ admin), each in one organisation with one role; inserted in ${(insertMs / 1000).toFixed(1)} s`);
  for (const [i, r] of runs.entries()) {
    console.log(
      `run ${i + 1}: idle RSS ${mb(r.idleKb)} MB, peak ${mb(r.peakKb)} MB, above idle ${mb(r.peakKb - r.idleKb)} MB; ` +
        `first byte ${r.ttfb.toFixed(0)} ms, last byte ${r.ttlb.toFixed(0)} ms, ${(r.bytes / 2 ** 20).toFixed(1)} MiB`,
    );
  }
  const worstAbove = Math.max(...runs.map((r) => r.peakKb - r.idleKb));
  // RSS does not fall back fully between runs (V8 keeps its grown heap), so also against the first idle.
  const aboveFirstIdle = Math.max(...runs.map((r) => r.peakKb)) - runs[0]!.idleKb;
  const ttlb = median(runs.map((r) => r.ttlb));
  const rawMs = median(raw);
  console.log(`listUser pageSize=10000000: peak RSS above idle (worst of ${RUNS}) ${mb(worstAbove)} MB   (target < 200 MB)`);
  console.log(`listUser pageSize=10000000: highest peak above the idle RSS before run 1: ${mb(aboveFirstIdle)} MB`);
  console.log(`listUser pageSize=10000000: time to last byte (median) ${ttlb.toFixed(0)} ms   (target < 2000 ms)`);
  console.log(`raw SQL, same rows and columns, read whole by pg (median): ${rawMs.toFixed(0)} ms`);
  console.log(`ratio listUser / raw SQL: ${(ttlb / rawMs).toFixed(2)}×`);
} finally {
  await pool.end();
  await stopServer(server);
}
