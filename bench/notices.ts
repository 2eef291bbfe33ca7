/**
 * 公告 at scale (issue 38, ADR 0048), each figure beside its raw-SQL baseline in the same run:
 *  - a user's unread count (GET /api/notice/unread) and first list page (GET /api/notice/mine) with
 *    USERS users × NOTICES delivered notices (USERS × NOTICES receiver rows), p50 ≤ 30 ms;
 *  - publishing a 平台公告 to every user: the HTTP call's time, then until the pg-boss job has
 *    written every receiver, message and SMS (≤ 10 s).
 * USERS, NOTICES and RUNS scale it: a busy machine runs it small.
 */
import pg from 'pg';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine, median } from './lib.ts';

const USERS = Number(process.env.USERS || 10_000);
const NOTICES = Number(process.env.NOTICES || 1_000);
const RUNS = Number(process.env.RUNS || 50);

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
try {
  const base = server.baseUrl;
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;
  const login = async (username: string) => {
    const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
    const res = await fetch(`${base}/apc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: sealWithForge(publicKey, 'Admin@123') }) });
    if (res.status !== 200) throw new Error(`login ${username}: ${await res.text()}`);
    return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  };
  const time = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  const p50 = async (f: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await f();
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) xs.push(await time(f));
    return median(xs);
  };

  const t0 = performance.now();
  await q(`insert into sys_user (username, password_hash, real_name, user_type, phone)
           select 'bn' || g, (select password_hash from sys_user where username = 'admin'), '用户' || g, 0, '139' || lpad(g::text, 8, '0')
             from generate_series(1, $1) g`, [USERS]);
  await q(`insert into notice (kind, title, notice_type, content, status, publish_time, delivered)
           select 0, '公告' || g, '1', '<p>内容</p>', 2, now() - (g || ' minutes')::interval, true from generate_series(1, $1) g`, [NOTICES]);
  // Every user receives every notice; about a third read.
  await q(`insert into notice_receiver (notice_id, user_id, company_id, read_time)
           select n.id, u.id, null, case when (n.id + u.id) % 3 = 0 then now() end
             from notice n cross join sys_user u where u.username like 'bn%'`);
  await q('analyze notice_receiver');
  console.log(`arranged ${USERS} users × ${NOTICES} notices in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const h = await login('bn1');
  const me = (await q(`select id from sys_user where username = 'bn1'`))[0].id as string;
  const get = (path: string) => fetch(`${base}${path}`, { headers: h }).then(async (r) => { if (r.status !== 200) throw new Error(`${path}: ${r.status}`); return r.json(); });
  const unreadHttp = await p50(() => get('/api/notice/unread'));
  const unreadSql = await p50(() => q(`select count(*), count(*) filter (where read_time is null) from notice_receiver where user_id = $1`, [me]));
  const listHttp = await p50(() => get('/api/notice/mine?pageNum=1&pageSize=10'));
  const listSql = await p50(() => Promise.all([
    q(`select count(*), count(*) filter (where read_time is null) from notice_receiver where user_id = $1`, [me]),
    q(`select n.id, n.title, r.read_time from notice_receiver r join notice n on n.id = r.notice_id where r.user_id = $1 order by r.notice_id desc limit 10`, [me]),
  ]));
  console.log(`unread count: p50 ${unreadHttp.toFixed(1)} ms (raw SQL ${unreadSql.toFixed(1)} ms, ${(unreadHttp / unreadSql).toFixed(1)}×)`);
  console.log(`notice list:  p50 ${listHttp.toFixed(1)} ms (raw SQL ${listSql.toFixed(1)} ms, ${(listHttp / listSql).toFixed(1)}×)`);

  const admin = await login('admin');
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    const j = (await r.json()) as Record<string, unknown>;
    if (j.errCode !== 0) throw new Error(`${path}: ${JSON.stringify(j)}`);
    return j;
  };
  const { id } = (await post('/api/user/saveNotice', { title: '压测公告', noticeType: '1', content: '<p>压测</p>', smsNotify: true })) as { id: number };
  const started = performance.now();
  await post('/api/notice/publish', { id });
  const answered = performance.now() - started;
  let delivered = false;
  while (!delivered && performance.now() - started < 60_000) {
    delivered = (await q(`select delivered from notice where id = $1`, [id]))[0].delivered as boolean;
    if (!delivered) await new Promise((r) => setTimeout(r, 50));
  }
  const total = (await q(`select receiver_total from notice where id = $1`, [id]))[0].receiver_total;
  console.log(`publish to ${total} receivers (+ messages, SMS): answered in ${answered.toFixed(0)} ms, delivered in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  console.log(`machine: ${machine()}`);
} finally {
  await pool.end();
  await stopServer(server);
}
