/**
 * The form engine at a million rows (issue 3): list page 1 with a $like filter sorted by a
 * date-time, get by id, and inserts — each beside the same statements in raw SQL, same run,
 * same database.
 *
 * The database is kept in BENCH_DATA_DIR (default /tmp/park-bench-forms-<ROWS>) and its form reused
 * by the next run with the same ROWS, so the million rows are made once (each run's inserts add a
 * few thousand).
 */
import fs from 'node:fs';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { ensureBenchForm } from './benchForm.ts';
import { adminSession, machine } from './lib.ts';

const ROWS = Number(process.env.ROWS || 1_000_000);
/** The list figure is over 200 requests, as the issue asks; gets are cheap, so more of them steady the median. */
const REQUESTS = 200;
const GETS = Number(process.env.GETS || 4000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 8);
/** Rounds of 1,000 inserts lasted about half a second each, short enough for one burst of others' work to halve a round (35–108 % in one run). */
const INSERTS = Number(process.env.INSERTS || 12000);
/** Untimed calls before each timed phase, API and raw SQL alike: both are measured warm (JIT, plans, pool); with 500 the server was still settling (its CPU per get fell by half over the next 2,000). */
const WARMUP = Number(process.env.WARMUP || 2000);
const ROUNDS = Number(process.env.ROUNDS || 4);
/**
 * Gets warm for longer. A get costs the server so little that V8 is still optimising its path
 * long after 2,000 calls: over blocks of 1,000 gets its CPU per call fell 330 → 200 → 90 → 70 µs
 * and only settled, at 50–60 µs, after about 12,000 calls (measured 2026-11-25, 2 × AMD EPYC).
 * A park server answers that many reads in its first minutes, so the settled figure is the one
 * users meet; raw SQL gets the same number of untimed calls.
 */
const GET_WARMUP = Number(process.env.GET_WARMUP || 16000);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/*
 * The load generator shares the two cores with the server and PostgreSQL, so its own cost is
 * charged to the API's figures. undici's pool (keep-alive, one request in flight per connection)
 * costs about half the CPU per request of node:http's client, measured here: 54 µs against 119 µs
 * for a GET answered from memory. The raw SQL side uses pg, the driver the server itself uses.
 */
let httpPool: HttpPool | null = null;
async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<string> {
  httpPool ??= new HttpPool(base, { connections: CONCURRENCY, pipelining: 1 });
  const res = await httpPool.request({ path, method: method as 'GET' | 'POST', headers, ...(body === undefined ? {} : { body }) });
  const text = await res.body.text();
  if (res.statusCode !== 200 || !text.includes('"errCode":0')) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return text;
}

/** Runs `n` calls of `fn` with `c` in flight; returns each call's latency in ms and the total time. */
async function drive(n: number, c: number, fn: (i: number) => Promise<void>) {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await fn(i);
        lat.push(performance.now() - s);
      }
    }),
  );
  return { lat, ms: performance.now() - t0 };
}

/**
 * The API and its raw SQL baseline in alternating rounds, so drift on this shared machine (a
 * checkpoint, another process) falls on both sides alike; latencies and times are pooled.
 */
async function alternate(total: number, api: (i: number) => Promise<void>, raw: (i: number) => Promise<void>, rounds = ROUNDS) {
  const a = { lat: [] as number[], ms: 0 };
  const r = { lat: [] as number[], ms: 0 };
  const per = Math.ceil(total / rounds);
  for (let k = 0; k < rounds; k++) {
    const x = await drive(per, CONCURRENCY, (i) => api(k * per + i));
    const y = await drive(per, CONCURRENCY, (i) => raw(k * per + i));
    a.lat.push(...x.lat);
    a.ms += x.ms;
    r.lat.push(...y.lat);
    r.ms += y.ms;
  }
  return { api: a, raw: r, n: per * rounds };
}

const DATA_DIR = process.env.BENCH_DATA_DIR || `/tmp/park-bench-forms-${ROWS}`;
fs.mkdirSync(DATA_DIR, { recursive: true });
// Its own session, as a service runs: with the kernel's autogroup scheduling a server in the
// benchmark's session shares one CPU slice with the load generator, while every PostgreSQL backend
// (raw SQL's side) has a slice of its own (see e2e/support/server.ts). Until 2026-12-02 this bench
// ran the server in the benchmark's session, which on a machine loaded by others charged the API.
const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none', DATA_DIR }, { ownSession: true });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: CONCURRENCY });
// The server stops its embedded database at the end; idle clients must not crash the run then.
pool.on('error', () => undefined);
try {
  const base = server.baseUrl;
  const { cookie, headers } = await adminSession(base);
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const j = (await r.json()) as Record<string, unknown>;
    if (j.errCode !== 0) throw new Error(`${url}: ${JSON.stringify(j)}`);
    return j;
  };
  const { formId, table, found, fillMs } = await ensureBenchForm(base, headers, pool, ROWS);

  // List page 1: the request the list page sends, and the two statements the server runs for it.
  const listBody = {
    formId,
    pageNum: 1,
    pageSize: 10,
    queryConditions: [{ key: 'f_name', type: '$like', value: '储罐' }],
    sort: { key: 'f_time', sort: 'desc' },
  };
  const where = `"f_name"::text ilike $1`;
  const rawList = async () => {
    await Promise.all([
      pool.query(`select * from "${table}" where ${where} order by "f_time" desc, "id" desc limit 10 offset 0`, ['%储罐%']),
      pool.query(`select count(*) from (select 1 from "${table}" where ${where} limit 10001) c`, ['%储罐%']),
    ]);
  };
  for (let i = 0; i < 20; i++) {
    await post('/api/form/queryFormDataByConditions', listBody);
    await rawList();
  }
  const listText = JSON.stringify(listBody);
  const { api: apiList, raw: sqlList } = await alternate(
    REQUESTS,
    async () => void (await call(base, 'POST', '/api/form/queryFormDataByConditions', headers, listText)),
    rawList,
  );

  const cpuOf = async (pid: number) => {
    const f = (await import('node:fs')).readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // ms, at 100 ticks/s
  };
  // Get by id.
  // Each side reads its own random rows: a row the other side has just read would be in cache.
  const ids = (await pool.query(`select id from "${table}" order by random() limit ${2 * (GETS + GET_WARMUP)}`)).rows.map((r) => r.id);
  const getHeaders = { cookie };
  const apiGetOne = async (i: number) => void (await call(base, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${ids[2 * i]}`, getHeaders));
  const sqlGetOne = async (i: number) => void (await pool.query(`select * from "${table}" where id = $1`, [ids[2 * i + 1]]));
  await alternate(GET_WARMUP, (i) => apiGetOne(GETS + i), (i) => sqlGetOne(GETS + i), GET_WARMUP / 1000);
  const g0 = await cpuOf(server.child.pid!);
  const { api: apiGet, raw: sqlGet } = await alternate(GETS, apiGetOne, sqlGetOne);
  const getCpuMs = ((await cpuOf(server.child.pid!)) - g0) / GETS;
  // The floor under any HTTP figure: a GET the server answers from memory (no database, no session).
  const floorOne = async () => void (await call(base, 'GET', '/apc/publicKey', {}));
  await drive(WARMUP, CONCURRENCY, floorOne);
  const httpFloor = await drive(GETS, CONCURRENCY, floorOne);

  // Inserts: the form-encoded add the browser sends, against a parameterised single-row insert.
  const fields: Record<string, string> = { f_name: '新增巡检', f_time: '2026-11-21 08:00:00', f_level: '1', f_note: '基准' };
  for (let i = 0; i < 8; i++) fields[`f_text${i}`] = `文本${i}`;
  for (let i = 0; i < 5; i++) fields[`f_num${i}`] = String(i * 10);
  for (let i = 0; i < 3; i++) fields[`f_date${i}`] = '2026-11-21';
  const formBody = new URLSearchParams(fields).toString();
  const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
  const apiInsertOne = async () => void (await call(base, 'POST', `/api/form/addformdata/${formId}`, formHeaders, formBody));
  const cols = Object.keys(fields);
  const insertSql = `insert into "${table}" (create_by, ${cols.map((c) => `"${c}"`).join(', ')}) values (1, ${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
  const sqlInsertOne = async () => void (await pool.query(insertSql, cols.map((c) => fields[c])));
  // The floor under our number: the same statement the server sends (record, form event and
  // operation-log row together), sent as raw SQL.
  const cteSql = `with ins as (${insertSql.replace(' returning id', ' returning *')}),
    ev as (insert into form_event (form_id, sub_key, record_id, op, after, actor_id) select ${formId}, null, ins.id, 'insert', to_jsonb(ins.*), 1 from ins),
    au as (insert into sys_operation_log (user_id, username, module, action, target_type, target_id, ip, result) select 1, 'admin', '表单', '新增表单数据', 'form:${formId}', ins.id::text, '127.0.0.1', 0 from ins)
    select * from ins`;
  const sqlCteOne = async () => void (await pool.query(cteSql, cols.map((c) => fields[c])));
  await drive(WARMUP, CONCURRENCY, apiInsertOne);
  await drive(WARMUP, CONCURRENCY, sqlInsertOne);
  await drive(WARMUP, CONCURRENCY, sqlCteOne);
  /*
   * The API, a bare INSERT and the API's own statement run raw, in alternating rounds. Until
   * 2026-12-02 the raw statement ran once after all the rounds, so a burst of other work on this
   * shared machine during that one block moved the ratio from 66 % to 226 % between two runs.
   */
  const apiInsert = { lat: [] as number[], ms: 0 };
  const sqlInsert = { lat: [] as number[], ms: 0 };
  const sqlCte = { lat: [] as number[], ms: 0 };
  const per = Math.ceil(INSERTS / ROUNDS);
  const inserted = per * ROUNDS;
  let apiCpuMs = 0;
  const insertRounds: string[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const c0 = await cpuOf(server.child.pid!);
    const x = await drive(per, CONCURRENCY, apiInsertOne);
    apiCpuMs += (await cpuOf(server.child.pid!)) - c0;
    const y = await drive(per, CONCURRENCY, sqlInsertOne);
    const z = await drive(per, CONCURRENCY, sqlCteOne);
    for (const [sum, one] of [
      [apiInsert, x],
      [sqlInsert, y],
      [sqlCte, z],
    ] as const) {
      sum.lat.push(...one.lat);
      sum.ms += one.ms;
    }
    insertRounds.push(`${((z.ms / x.ms) * 100).toFixed(0)}%`);
  }
  console.log(`server CPU per API insert: ${(apiCpuMs / inserted).toFixed(3)} ms; wall per insert ${(apiInsert.ms / inserted).toFixed(2)} ms`);
  // BATCH=n: the same statement carrying n rows, what batching concurrent requests would reach.
  const B = Number(process.env.BATCH || 0);
  if (B > 0) {
    const vals = Array.from({ length: B }, (_, r) => `(1, ${cols.map((_, i) => `$${r * cols.length + i + 1}`).join(', ')})`).join(', ');
    const ins = `insert into "${table}" (create_by, ${cols.map((c) => `"${c}"`).join(', ')}) values ${vals} returning *`;
    const batchSql = cteSql.replace(/with ins as \([\s\S]*?returning \*\),/, `with ins as (${ins}),`);
    const params = Array.from({ length: B }, () => cols.map((c) => fields[c])).flat();
    const t = await drive(INSERTS / B, Math.max(1, CONCURRENCY / B), async () => void (await pool.query(batchSql, params)));
    console.log(`batched floor (${B} rows per statement, concurrency ${Math.max(1, CONCURRENCY / B)}): ${(INSERTS / (t.ms / 1000)).toFixed(0)} rows/s`);
  }

  const row = (label: string, api: { lat: number[] }, raw: { lat: number[] }) =>
    `${label.padEnd(28)} p50 ${pct(api.lat, 50).toFixed(1).padStart(7)} ms (raw SQL ${pct(raw.lat, 50).toFixed(1).padStart(6)} ms, ×${(pct(api.lat, 50) / pct(raw.lat, 50)).toFixed(2)})   p95 ${pct(api.lat, 95).toFixed(1).padStart(7)} ms (raw SQL ${pct(raw.lat, 95).toFixed(1).padStart(6)} ms)`;
  console.log(`machine: ${machine()}`);
  console.log(
    `rows: ${ROWS.toLocaleString('en')} in a 20-column form (${found ? 'reused' : `filled in ${(fillMs / 1000).toFixed(1)} s`}); concurrency ${CONCURRENCY}; ` +
      `${REQUESTS} list requests, ${GETS} gets, ${INSERTS} inserts, each phase after ${WARMUP} untimed calls (gets ${GET_WARMUP}), API and raw SQL alternating in ${ROUNDS} rounds`,
  );
  console.log(row('list page 1 ($like, sorted)', apiList, sqlList));
  console.log(
    row('get by id', apiGet, sqlGet) +
      `   server CPU per get ${(getCpuMs * 1000).toFixed(0)} µs; raw p50 / API p50 = ×${(pct(sqlGet.lat, 50) / pct(apiGet.lat, 50)).toFixed(2)}, API gets/s over raw gets/s = ×${(sqlGet.ms / apiGet.ms).toFixed(2)} (target ≥ 0.7×)`,
  );
  console.log(
    `${'HTTP floor (publicKey)'.padEnd(28)} p50 ${pct(httpFloor.lat, 50).toFixed(1).padStart(7)} ms = ×${(pct(httpFloor.lat, 50) / pct(sqlGet.lat, 50)).toFixed(2)} of the raw get; get by id is ×${(pct(apiGet.lat, 50) / pct(httpFloor.lat, 50)).toFixed(2)} of this floor`,
  );
  const apiRate = inserted / (apiInsert.ms / 1000);
  const sqlRate = inserted / (sqlInsert.ms / 1000);
  const cteRate = inserted / (sqlCte.ms / 1000);
  console.log(
    `${'insert (floor)'.padEnd(28)} the insert + event + log statement, raw SQL, unnamed, one row each: ${cteRate.toFixed(0)} rows/s = ${((cteRate / sqlRate) * 100).toFixed(1)}% of a bare INSERT; addformdata reaches ${((apiRate / cteRate) * 100).toFixed(1)}% of it (target ≥ 70 %; rounds ${insertRounds.join(' ')})`,
  );
  console.log(
    `${'insert'.padEnd(28)} ${apiRate.toFixed(0)} rows/s through addformdata vs ${sqlRate.toFixed(0)} rows/s raw single-row INSERT = ${((apiRate / sqlRate) * 100).toFixed(1)}%`,
  );
} finally {
  await (httpPool as HttpPool | null)?.close();
  await pool.end();
  await stopServer(server, true);
}
