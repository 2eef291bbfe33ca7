/**
 * List pages at a million rows for every filter (issue 16): a 12-field form, concurrency 8, each
 * case through queryFormDataByConditions (page 1 of 10 with its total) beside raw SQL doing the
 * same job (the page and a capped count) with the best index on the same data, in alternating rounds.
 *
 *   ROWS=1000000 npx tsx bench/listSearch.ts    (and ROWS=10000 for the growth figure)
 *
 * The database is kept in BENCH_DATA_DIR (default /tmp/park-bench-list-<ROWS>) and reused by the
 * next run with the same ROWS, so a million rows and their indexes are made once.
 */
import fs from 'node:fs';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine } from './lib.ts';

const ROWS = Number(process.env.ROWS || 1_000_000);
const REQUESTS = Number(process.env.REQUESTS || 400);
const CONCURRENCY = Number(process.env.CONCURRENCY || 8);
const ROUNDS = Number(process.env.ROUNDS || 4);
const DATA_DIR = process.env.BENCH_DATA_DIR || `/tmp/park-bench-list-${ROWS}`;
const FORM_NAME = `列表检索基准-${ROWS}`;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function drive(n: number, fn: () => Promise<void>): Promise<{ lat: number[]; ms: number }> {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const s = performance.now();
        await fn();
        lat.push(performance.now() - s);
      }
    }),
  );
  return { lat, ms: performance.now() - t0 };
}

const reused = fs.existsSync(DATA_DIR);
fs.mkdirSync(DATA_DIR, { recursive: true });
const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none', DATA_DIR });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: CONCURRENCY });
pool.on('error', () => undefined);
const http = new HttpPool(server.baseUrl, { connections: CONCURRENCY, pipelining: 1 });
try {
  const base = server.baseUrl;
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await http.request({ path, method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await res.body.text();
    if (res.statusCode !== 200 || !text.startsWith('{"errCode":0')) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  // 12 fields, as a gate's vehicle register might have.
  const list = [
    { type: 'input', model: 'f_name', name: '事项' },
    { type: 'input', model: 'f_plate', name: '车牌' },
    { type: 'select', model: 'f_level', name: '级别', options: { options: ['1', '2', '3', '4'].map((v) => ({ value: v, label: `${v}级` })) } },
    { type: 'datetime', model: 'f_time', name: '时间' },
    { type: 'input', model: 'f_company', name: '企业' },
    { type: 'input', model: 'f_driver', name: '司机' },
    { type: 'input', model: 'f_cargo', name: '货物' },
    { type: 'number', model: 'f_load', name: '载重' },
    { type: 'number', model: 'f_num1', name: '数值1' },
    { type: 'number', model: 'f_num2', name: '数值2' },
    { type: 'date', model: 'f_date', name: '日期' },
    { type: 'textarea', model: 'f_note', name: '备注' },
  ].map((c, i) => ({ key: `k${i}`, ...c, options: c.options ?? {} }));
  const sensorSettings = {
    queryConditions: [
      { key: 'f_name', opt: '$like' },
      { key: 'f_plate', opt: '$like' },
      { key: 'f_level', opt: '$eq' },
      { key: 'f_time', opt: '$in' },
    ],
    querySort: [{ key: 'f_time', sort: 'desc' }],
  };
  const forms = (await (await fetch(`${base}/api/form/formconf/query?pageNum=1&pageSize=200`, { headers })).json()) as {
    datas?: Array<{ formId: number; formName: string }>;
  };
  let formId = forms.datas?.find((f) => f.formName === FORM_NAME)?.formId;
  let fillMs = 0;
  let indexMs = 0;
  if (!formId || !reused) {
    formId = (await post('/api/form/formconf/save', { formName: FORM_NAME })).formId as number;
    // The design first, the rows, then the list settings: their indexes are then built on a full
    // table, CONCURRENTLY, as when a park adds a search to a list it has used for a year.
    await post('/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
    const t0 = performance.now();
    await pool.query(`
      insert into "form_${formId}" (create_by, create_time, f_name, f_plate, f_level, f_time, f_company, f_driver, f_cargo, f_load, f_num1, f_num2, f_date, f_note)
      select 1, timestamp '2026-01-01' + g * interval '30 second',
        case when g % 10 < 3 then '储罐巡检' else '管线检查' end
          || (array['东区泵房','西区罐区','南区装卸台','北区仓库','一号码头'])[1 + g % 5] || (g % 50) || '号'
          || case when g % 97 = 0 then '异常' else '' end,
        '苏' || chr(65 + (g / 7) % 26) || lpad(((g::bigint * 7919) % 100000)::text, 5, '0'),
        (1 + g % 4)::text,
        to_char(timestamp '2026-01-01' + g * interval '30 second', 'YYYY-MM-DD HH24:MI:SS'),
        '化工企业' || (g % 200), '司机' || (g % 3000), (array['液氯','甲醇','液氨','苯','柴油'])[1 + g % 5],
        g % 40, g % 1000, g % 7, to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'), '备注' || g
      from generate_series(1, ${ROWS}) g`);
    await pool.query(`vacuum analyze "form_${formId}"`);
    fillMs = performance.now() - t0;
    const i0 = performance.now();
    await post('/api/form/saveformdesign', { formId, formMeta: { list, config: {}, sensorSettings } });
    // Built in the background: wait until every index the settings ask for is valid.
    for (;;) {
      const r = await pool.query(
        `select count(*)::int as n from pg_index x join pg_class i on i.oid = x.indexrelid
         where x.indrelid = $1::regclass and i.relname like '%\\_ls\\_%' and x.indisvalid`,
        [`form_${formId}`],
      );
      if (r.rows[0].n >= 5) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    // The keeper analyses after building; wait for that (its statistics choose the gram form).
    for (;;) {
      const r = await pool.query(`select count(*)::int as n from pg_stats where tablename like $1`, [`form\\_${formId}\\_ls\\_gram%`]);
      if (r.rows[0].n >= 2) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    indexMs = performance.now() - i0;
    await pool.query('checkpoint');
  }
  const table = `form_${formId}`;

  interface Case {
    name: string;
    conditions: unknown[];
    /** The raw page and count: the same job with the best index for it. */
    page: string;
    count: string;
    params: unknown[];
  }
  const order = `order by "f_time" desc, "id" desc limit 10`;
  const cases: Case[] = [
    {
      name: 'selective $like (plate fragment)',
      conditions: [{ key: 'f_plate', type: '$like', value: '12345' }],
      page: `select * from "${table}" where "f_plate" ilike $1 ${order}`,
      count: `select count(*) from (select 1 from "${table}" where "f_plate" ilike $1 limit 10001) c`,
      params: ['%12345%'],
    },
    {
      name: 'common $like (30 %), with count',
      conditions: [{ key: 'f_name', type: '$like', value: '储罐巡检' }],
      page: `select * from "${table}" where "f_name" ilike $1 ${order}`,
      count: `select count(*) from (select 1 from "${table}" where "f_name" ilike $1 limit 10001) c`,
      params: ['%储罐巡检%'],
    },
    {
      name: '$eq on a select + a date range',
      conditions: [
        { key: 'f_level', type: '$eq', value: '2' },
        { key: 'f_time', type: '$in', bvalue: '2026-03-01', evalue: '2026-03-31' },
      ],
      page: `select * from "${table}" where "f_level" = $1 and "f_time" >= $2 and "f_time" < $3 ${order}`,
      count: `select count(*) from (select 1 from "${table}" where "f_level" = $1 and "f_time" >= $2 and "f_time" < $3 limit 10001) c`,
      params: ['2', '2026-03-01', '2026-04-01'],
    },
    {
      name: '2-character Chinese fragment',
      conditions: [{ key: 'f_name', type: '$like', value: '异常' }],
      // 1 % of rows. Page: walking the time index finds 10 after ~1,000 rows; count: the gram index.
      page: `select * from "${table}" where "f_name" ilike $1 ${order}`,
      count: `select count(*) from (select 1 from "${table}" where park_text_grams("f_name") @> park_fragment_grams($2) and ("f_name" || '') ilike $1 limit 10001) c`,
      params: ['%异常%', '异常'],
    },
  ];

  console.log(`machine: ${machine()}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(
    `rows: ${ROWS.toLocaleString('en')} in a 12-field form${reused && !fillMs ? ' (reused database)' : `, filled in ${(fillMs / 1000).toFixed(1)} s, list indexes built in ${(indexMs / 1000).toFixed(1)} s`}; ` +
      `${REQUESTS} requests per side and case, concurrency ${CONCURRENCY}, ${ROUNDS} alternating rounds`,
  );
  for (const c of cases) {
    const body = JSON.stringify({ formId, pageNum: 1, pageSize: 10, queryConditions: c.conditions, sort: { key: 'f_time', sort: 'desc' } });
    const sample = await post('/api/form/queryFormDataByConditions', body);
    const raw = async () => {
      const [p, n] = await Promise.all([pool.query(c.page, c.params.slice(0, c.page.includes('$3') ? 3 : 1)), pool.query(c.count, c.params)]);
      if (p.rowCount === null || n.rowCount !== 1) throw new Error('raw');
    };
    const api = async () => void (await post('/api/form/queryFormDataByConditions', body));
    // Correctness first: the API's page is the raw page.
    const rawPage = await pool.query(c.page, c.params.slice(0, c.page.includes('$3') ? 3 : 1));
    const apiIds = (sample.datas as Array<{ id: number }>).map((r) => String(r.id));
    const same = JSON.stringify(apiIds) === JSON.stringify(rawPage.rows.map((r) => String(r.id)));
    await drive(40, api);
    await drive(40, raw);
    const a = { lat: [] as number[], ms: 0 };
    const r = { lat: [] as number[], ms: 0 };
    for (let k = 0; k < ROUNDS; k++) {
      const x = await drive(REQUESTS / ROUNDS, api);
      const y = await drive(REQUESTS / ROUNDS, raw);
      a.lat.push(...x.lat);
      a.ms += x.ms;
      r.lat.push(...y.lat);
      r.ms += y.ms;
    }
    const apiRate = a.lat.length / (a.ms / 1000);
    const rawRate = r.lat.length / (r.ms / 1000);
    console.log(
      `${c.name.padEnd(36)} total ${String(sample.totalCount).padStart(7)} (${sample.totalCountKind})  page = raw page: ${same ? 'yes' : 'NO'}  ` +
        `API p50 ${pct(a.lat, 50).toFixed(1)} ms, ${apiRate.toFixed(0)} req/s | raw p50 ${pct(r.lat, 50).toFixed(1)} ms, ${rawRate.toFixed(0)} req/s | ` +
        `×${(apiRate / rawRate).toFixed(2)} raw req/s`,
    );
  }
} finally {
  await http.close();
  await pool.end();
  await stopServer(server, true);
}
