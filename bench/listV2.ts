/**
 * The list page's V2 data call (issue 27): queryFormDataV2 on a saved table widget with a fixed
 * filter and a sort, beside the same query through queryFormDataByConditions (the baseline: the same
 * engine without the widget lookup) and the same statements in raw SQL — same run, same database,
 * in alternating rounds.
 */
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { adminSession, machine } from './lib.ts';

const ROWS = Number(process.env.ROWS || 200_000);
const REQUESTS = Number(process.env.REQUESTS || 400);
const CONCURRENCY = Number(process.env.CONCURRENCY || 8);
const ROUNDS = 4;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))]!;

async function drive(n: number, fn: () => Promise<void>): Promise<number[]> {
  const lat: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const s = performance.now();
        await fn();
        lat.push(performance.now() - s);
      }
    }),
  );
  return lat;
}

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: CONCURRENCY });
pool.on('error', () => undefined);
try {
  const base = server.baseUrl;
  const { headers } = await adminSession(base);
  const http = new HttpPool(base, { connections: CONCURRENCY, pipelining: 1 });
  const post = async (path: string, body: string) => {
    const res = await http.request({ path, method: 'POST', headers, body });
    const text = await res.body.text();
    if (res.statusCode !== 200 || !text.startsWith('{"errCode":0')) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  };

  const list = [
    { type: 'input', model: 'f_name', name: '名称' },
    { type: 'datetime', model: 'f_time', name: '检查时间' },
    { type: 'select', model: 'f_level', name: '级别', options: { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] } },
    { type: 'number', model: 'f_num', name: '数值' },
    { type: 'textarea', model: 'f_note', name: '备注' },
  ].map((c, i) => ({ key: `k${i}`, options: {}, ...c }));
  const { formId } = (await (await fetch(`${base}/api/form/formconf/save`, { method: 'POST', headers, body: JSON.stringify({ formName: '基准V2' }) })).json()) as { formId: number };
  await post('/api/form/saveformdesign', JSON.stringify({ formId, formMeta: { list, config: {} } }));
  const table = `form_${formId}`;
  await pool.query(`
    insert into "${table}" (create_by, f_name, f_time, f_level, f_num, f_note)
    select 1, case when g % 10 = 0 then '储罐巡检' || g else '管线检查' || g end,
      to_char(timestamp '2026-01-01' + g * interval '30 second', 'YYYY-MM-DD HH24:MI:SS'),
      (1 + g % 2)::text, g % 1000, '备注' || g
    from generate_series(1, ${ROWS}) g`);
  await pool.query(`vacuum analyze "${table}"`);
  await pool.query('checkpoint');

  const widgetId = 1764000000001;
  const layout = {
    widgets: [
      { id: 1764000000002, type: 'queryWidget', conditions: [{ key: 'f_name', opt: '$like' }] },
      {
        id: widgetId,
        type: 'reportWidget',
        reportType: 'tableReportWidget',
        data: { condFilters: [{ condType: 'single', key: 'f_level', matchType: '$eq', value: '1' }], querySort: [{ key: 'f_time', sort: 'desc' }] },
      },
    ],
  };
  await post('/api/form/formconf/saveFormSeniorConfV2', JSON.stringify({ formId, sensorSettingsV2: layout }));

  const v2Body = JSON.stringify({ formId, widgetId, widget: {}, pageNum: 1, pageSize: 10, queryConditions: [{ key: 'f_name', type: '$like', value: '储罐' }] });
  const plainBody = JSON.stringify({
    formId,
    pageNum: 1,
    pageSize: 10,
    queryConditions: [{ key: 'f_name', type: '$like', value: '储罐' }, { key: 'f_level', type: '$eq', value: '1' }],
    sort: [{ key: 'f_time', sort: 'desc' }],
  });
  const where = `"f_name"::text ilike $1 and "f_level" = $2`;
  const raw = async () => {
    await Promise.all([
      pool.query(`select * from "${table}" where ${where} order by "f_time" desc, "id" desc limit 10 offset 0`, ['%储罐%', '1']),
      pool.query(`select count(*) from (select 1 from "${table}" where ${where} limit 10001) c`, ['%储罐%', '1']),
    ]);
  };
  const v2 = () => post('/api/form/queryFormDataV2', v2Body);
  const plain = () => post('/api/form/queryFormDataByConditions', plainBody);

  for (const fn of [v2, plain, raw]) await drive(100, fn);
  const lat = { v2: [] as number[], plain: [] as number[], raw: [] as number[] };
  for (let k = 0; k < ROUNDS; k++) {
    lat.v2.push(...(await drive(REQUESTS / ROUNDS, v2)));
    lat.plain.push(...(await drive(REQUESTS / ROUNDS, plain)));
    lat.raw.push(...(await drive(REQUESTS / ROUNDS, raw)));
  }
  const fmt = (xs: number[]) => `median ${median(xs).toFixed(2)} ms, p99 ${p99(xs).toFixed(2)} ms`;
  console.log(`machine: ${machine()}; ${ROWS} rows; ${REQUESTS} requests each, ${CONCURRENCY} in flight`);
  console.log(`queryFormDataV2 (saved widget: filter + sort) ${fmt(lat.v2)}`);
  console.log(`queryFormDataByConditions (same query)     ${fmt(lat.plain)}`);
  console.log(`raw SQL (page + capped count)              ${fmt(lat.raw)}`);
  console.log(`ratio V2 / queryFormDataByConditions: ${(median(lat.v2) / median(lat.plain)).toFixed(2)}; V2 / raw SQL: ${(median(lat.v2) / median(lat.raw)).toFixed(2)}`);
  await http.close();
} finally {
  await pool.end();
  await stopServer(server);
}
