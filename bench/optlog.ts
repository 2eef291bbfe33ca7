/**
 * The operation-log search at scale (issue 5 §8): GET /api/user/listOptLog, page 1 (10 rows and
 * the total), over 1,000,000 log rows, with the filters the screen offers. Each case is timed
 * through HTTP against the real server, and beside it the same two statements (page and count,
 * in parallel as the handler runs them) in raw SQL on the same database, in the same run.
 *
 *   npx tsx bench/optlog.ts          (ROWS=1000000 RUNS=40 by default)
 */
import pg from 'pg';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine, median } from './lib.ts';

const ROWS = Number(process.env.ROWS || 1_000_000);
const RUNS = Number(process.env.RUNS || 40);
const WARMUP = 5;
const MODULES = ['登录', '用户管理', '组织机构', '角色管理', '菜单管理', '数据字典', '系统模块', '表单', '文件', '消息'];
const USERS = 200;
const CAP = 100_000; // OPTLOG_COUNT_CAP in apps/server/src/modules/admin/optlog/repo.ts

const server = await startServer({ WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });

try {
  // ~1 M rows spread over the last 180 days: 200 users, 10 modules, 5 % failures.
  const t0 = performance.now();
  await pool.query(
    `insert into sys_operation_log (user_id, username, module, action, target_type, target_id, detail, ip, result, err_msg, create_time)
     select (g % $2) + 1000, 'user' || (g % $2), ($3::text[])[(g % array_length($3::text[], 1)) + 1],
            '修改记录', 'form_1', g::text, jsonb_build_object('before', jsonb_build_object('name', '记录' || g)),
            '10.1.' || (g % 250) || '.' || (g % 200), case when g % 20 = 0 then 1 else 0 end,
            case when g % 20 = 0 then '数据已被他人修改，请刷新后重试' end,
            now() - (g::double precision / $1) * interval '180 days'
     from generate_series(1, $1) g`,
    [ROWS, USERS, MODULES],
  );
  await pool.query('vacuum analyze sys_operation_log');
  const fillMs = performance.now() - t0;

  const { publicKey } = (await (await fetch(`${server.baseUrl}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${server.baseUrl}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);

  interface Case {
    name: string;
    query: Record<string, string>;
    where: string;
    params: unknown[];
  }
  // The server reads times in its own zone; the bench runs on the same machine, in UTC here.
  const cases: Case[] = [
    { name: 'no filter', query: {}, where: 'true', params: [] },
    { name: 'user', query: { username: 'user42' }, where: 'username = $1', params: ['user42'] },
    {
      name: 'module + last 30 days',
      query: { module: '用户管理', beginTime: fmt(monthAgo), endTime: fmt(now) },
      where: 'module = $1 and create_time >= $2 and create_time <= $3',
      params: ['用户管理', monthAgo, now],
    },
    { name: 'user + failures', query: { username: 'user40', result: '1' }, where: 'username = $1 and result = $2', params: ['user40', 1] },
    { name: 'successes (95 % of rows)', query: { result: '0' }, where: 'result = $1', params: [0] },
    {
      name: 'user + module + result + last 30 days',
      query: { username: 'user11', module: '用户管理', result: '0', beginTime: fmt(monthAgo), endTime: fmt(now) },
      where: 'username = $1 and module = $2 and result = $3 and create_time >= $4 and create_time <= $5',
      params: ['user11', '用户管理', 0, monthAgo, now],
    },
  ];

  const results: Array<{ name: string; http: number; sql: number; total: number }> = [];
  for (const c of cases) {
    const url = `${server.baseUrl}/api/user/listOptLog?${new URLSearchParams({ pageNum: '1', pageSize: '10', ...c.query })}`;
    const viaHttp = async () => {
      const t = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { errCode: number; totalCount: number; datas: unknown[] };
      if (res.status !== 200 || body.errCode !== 0) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, total: body.totalCount };
    };
    // The handler's statements: the page, and the count up to its cap (then the planner's estimate
    // when nothing is filtered).
    const viaSql = async () => {
      const t = performance.now();
      const [, count] = await Promise.all([
        pool.query(
          `select id, user_id, username, module, action, target_type, target_id, detail, ip, result, err_msg, create_time
           from sys_operation_log where ${c.where} order by create_time desc, id desc limit 10 offset 0`,
          c.params,
        ),
        pool.query(`select count(*) as n from (select 1 from sys_operation_log where ${c.where} limit ${CAP + 1}) c`, c.params),
      ]);
      let total = Number(count.rows[0].n);
      if (total > CAP) {
        total =
          c.params.length === 0
            ? Math.max(CAP + 1, Number((await pool.query(`select reltuples::bigint as n from pg_class where oid = 'sys_operation_log'::regclass`)).rows[0].n))
            : CAP;
      }
      return { ms: performance.now() - t, total };
    };
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      // Interleaved, so both see the same cache state and machine load.
      const h = await viaHttp();
      const s = await viaSql();
      if (h.total !== s.total) throw new Error(`${c.name}: HTTP total ${h.total} ≠ SQL total ${s.total}`);
      total = h.total;
      if (i >= WARMUP) {
        httpMs.push(h.ms);
        sqlMs.push(s.ms);
      }
    }
    results.push({ name: c.name, http: median(httpMs), sql: median(sqlMs), total });
  }

  console.log(`machine: ${machine()}`);
  console.log(`rows: ${ROWS.toLocaleString('en')} (filled and analysed in ${(fillMs / 1000).toFixed(1)} s); ${RUNS} timed calls per case after ${WARMUP} warm-up`);
  console.log('case                                   | matches  | HTTP p50 | raw SQL p50 | HTTP − SQL');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(38)} | ${String(r.total).padStart(8)} | ${r.http.toFixed(1).padStart(6)} ms | ${r.sql.toFixed(1).padStart(8)} ms | ${(r.http - r.sql).toFixed(1).padStart(6)} ms`,
    );
  }
  const worst = Math.max(...results.map((r) => r.http));
  console.log(`slowest HTTP p50: ${worst.toFixed(1)} ms   (target ≤ 200 ms)`);
} finally {
  await pool.end();
  await stopServer(server);
}
