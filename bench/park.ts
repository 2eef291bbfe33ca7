/**
 * Park operations at scale (issue 23).
 *
 * 1. Ingestion: POST /api/ingest/positions in batches of 1,000 through the real server, with the
 *    position rules evaluated (tracks locked, alarms written), against raw batched inserts of the
 *    same rows (one unnest INSERT … ON CONFLICT DO NOTHING per 1,000) on the same database.
 * 2. Statistics: every call of the park catalogue over a year of history (POSITIONS positions,
 *    PASSES gate passes, alarms and people in proportion), p50 through HTTP, against the same SQL
 *    statements run raw (captured from the call itself, then timed with pg on the same data).
 *
 *   npx tsx bench/park.ts        (POSITIONS=10000000 PASSES=1000000 RUNS=15 BATCHES=60 by default)
 */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema.ts';
import { hashDeviceToken } from '../apps/server/src/modules/park/devices/tokens.ts';
import { rebuildPassDaily, rebuildViolationDaily } from '../apps/server/src/modules/park/ingest/repo.ts';
import { ensureDemoPark } from '../apps/server/src/modules/park/simulator/demoPark.ts';
import { rangeOf, type StatQuery } from '../apps/server/src/modules/park/stats/query.ts';
import { SECTIONS } from '../apps/server/src/modules/park/stats/routes.ts';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine, median } from './lib.ts';

const POSITIONS = Number(process.env.POSITIONS || 10_000_000);
const PASSES = Number(process.env.PASSES || 1_000_000);
const RUNS = Number(process.env.RUNS || 15);
const BATCHES = Number(process.env.BATCHES || 60);
const BATCH = 1000;
const TOKEN = 'pd_bench_gps_token';

const server = await startServer({ WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

try {
  // ── A year of history ────────────────────────────────────────────────────────────────────────
  await ensureDemoPark(db);
  const t0 = performance.now();
  await pool.query(`insert into park_device (device_code, device_name, device_type, token_hash, token_hint) values ('BENCH-GPS', '压测定位终端', 'gps', $1, 'oken')`, [hashDeviceToken(TOKEN)]);
  await pool.query(
    `with g as (select array_agg(id order by id) as gates, array_agg((select d.id from park_device d where d.gate_id = park_gate.id limit 1) order by id) as devices from park_gate),
     c as (select array_agg(id order by id) as ids, array_agg(company_name order by id) as names from sys_company where status = '1')
     insert into park_gate_pass (device_id, event_id, gate_id, plate, direction, pass_time, vehicle_type, hazardous_class, company_id, company_name, material, load_tons, temporary)
     select g.devices[1 + i % 3], 'bench-' || i, g.gates[1 + i % 3],
       format('湘%s%s', substr('ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (i % 24)::int, 1), lpad((10000 + (i * 7) % 89999)::text, 5, '0')),
       1 + i % 2, now() - interval '365 days' * (i::float8 / $1),
       case when i % 4 = 0 then '2' when i % 10 = 1 then '4' else '1' end,
       case when i % 4 = 0 then (array['2','3','8'])[1 + i % 3] end,
       case when i % 4 = 0 then c.ids[1 + i % array_length(c.ids, 1)] end,
       case when i % 4 = 0 then c.names[1 + i % array_length(c.ids, 1)] end,
       case when i % 4 = 0 then (array['甲醇','硫酸','液氨','苯','盐酸'])[1 + i % 5] end,
       case when i % 4 = 0 then 5 + i % 30 end, i % 10 = 1
     from generate_series(1, $1) i, g, c`,
    [PASSES],
  );
  await pool.query(
    `insert into park_alarm (alarm_type, alarm_level, source, plate, company_name, road_id, alarm_time, content, handled)
     select (array['speeding','forbidden_zone','long_parking','off_route','overstay'])[1 + i % 5], (array['03','02','03','02','04'])[1 + i % 5], 'rule',
       format('湘A%s', lpad((10000 + i % 89999)::text, 5, '0')), (array['示例化工有限公司','华中危化品储运有限公司','湘江物流有限公司'])[1 + i % 3],
       (select id from park_road order by id limit 1 offset i % 4), now() - interval '365 days' * (i::float8 / $1), '压测违规', (i % 10 > 0)::int
     from generate_series(1, $1) i`,
    [PASSES / 10],
  );
  await pool.query(
    `insert into park_person_pass (device_id, event_id, gate_id, person_name, person_type, direction, pass_time)
     select (select id from park_device where device_type = 'person_gate' order by id limit 1), 'bench-' || i,
       (select gate_id from park_device where device_type = 'person_gate' order by id limit 1), '人员' || i % 500,
       (array['员工','访客','承包商','司机'])[1 + i % 4], 1 + i % 2, now() - interval '365 days' * (i::float8 / $1)
     from generate_series(1, $1) i`,
    [PASSES / 2],
  );
  await rebuildPassDaily(db);
  await rebuildViolationDaily(db);
  const passMs = performance.now() - t0;
  const t1 = performance.now();
  const bench = (await pool.query(`select id from park_device where device_code = 'BENCH-GPS'`)).rows[0].id as string;
  await pool.query(
    `insert into park_position (device_id, event_id, plate, position_time, lat, lng, speed)
     select $2::bigint, 'hist-' || i, format('湘A%s', lpad((10000 + i % 2000)::text, 5, '0')), now() - interval '365 days' * (i::float8 / $1),
       28.3 + (i % 1000) * 0.00001, 110.35 + (i % 997) * 0.00001, (i % 50)::real
     from generate_series(1, $1) i`,
    [POSITIONS, bench],
  );
  const positionMs = performance.now() - t1;
  await pool.query('vacuum analyze');

  const { publicKey } = (await (await fetch(`${server.baseUrl}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${server.baseUrl}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  // ── 1. Ingestion ─────────────────────────────────────────────────────────────────────────────
  // Two GPS platforms, 500 vehicles each, on the demo roads, some too fast; each batch moves each
  // of its platform's vehicles twice. The two batches in flight are the two platforms'.
  const roads = (await pool.query(`select path from park_road order by id`)).rows.map((r) => r.path as Array<[number, number]>);
  let seq = 0;
  const batchAt = (time: number, fleet = 0) =>
    Array.from({ length: BATCH }, (_, i) => {
      const road = roads[i % roads.length]!;
      const [a, b] = [road[0]!, road[road.length - 1]!];
      const f = ((seq + i) % 100) / 100;
      seq++;
      return { eventId: `b${seq}`, plate: `湘B${String(10000 + fleet * 500 + (i % 500)).padStart(5, '0')}`, time: time + Math.floor(i / 500) * 1000, lat: a[1] + (b[1] - a[1]) * f, lng: a[0] + (b[0] - a[0]) * f, speed: i % 13 === 0 ? 50 : 25 };
    });
  const start = Date.now() - BATCHES * 10_000;
  const batches = Array.from({ length: BATCHES }, (_, k) => batchAt(start + Math.floor(k / 2) * 5000, k % 2));
  const post = async (events: unknown[]) => {
    const res = await fetch(`${server.baseUrl}/api/ingest/positions`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { accepted: number; alarms: number };
  };
  await post(batchAt(start - 60_000)); // warm-up
  // Two devices' worth of concurrency: two calls in flight.
  const tIngest = performance.now();
  let alarms = 0;
  for (let k = 0; k < batches.length; k += 2) {
    const rs = await Promise.all(batches.slice(k, k + 2).map(post));
    alarms += rs.reduce((a, r) => a + r.alarms, 0);
  }
  const ingestS = (performance.now() - tIngest) / 1000;
  const ingestRate = (BATCHES * BATCH) / ingestS;

  // Raw: the same rows (new event ids), one unnest insert per 1,000, two connections in parallel.
  const rawInsert = (rows: ReturnType<typeof batchAt>, tag: string) =>
    pool.query(
      `insert into park_position (device_id, event_id, plate, position_time, lat, lng, speed)
       select $1::bigint, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::float8[], $6::float8[], $7::real[]) on conflict (device_id, event_id) do nothing`,
      [bench, rows.map((r) => `${tag}${r.eventId}`), rows.map((r) => r.plate), rows.map((r) => new Date(r.time).toISOString()), rows.map((r) => r.lat), rows.map((r) => r.lng), rows.map((r) => r.speed)],
    );
  const tRaw = performance.now();
  for (let k = 0; k < batches.length; k += 2) await Promise.all(batches.slice(k, k + 2).map((b) => rawInsert(b, 'raw-')));
  const rawS = (performance.now() - tRaw) / 1000;
  const rawRate = (BATCHES * BATCH) / rawS;

  // ── 2. Statistics ────────────────────────────────────────────────────────────────────────────
  const yearAgo = new Date(Date.now() - 364 * 86_400_000);
  const rangeQuery: StatQuery = { beginTime: fmt(yearAgo), endTime: fmt(new Date()) };
  const captured: CompiledQuery[] = [];
  const capturing = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const rows: Array<{ path: string; http: number; raw: number }> = [];
  for (const [prefix, section] of SECTIONS) {
    for (const [path, call] of Object.entries(section)) {
      const q: StatQuery = call.range === 'all' || call.range === 'today' ? {} : rangeQuery;
      const url = `${server.baseUrl}${prefix}${path}?${new URLSearchParams(q as Record<string, string>).toString()}`;
      const httpTimes: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const t = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        if (i >= 2) httpTimes.push(performance.now() - t);
      }
      captured.length = 0;
      const now = new Date();
      await call.run({ db: capturing, q, range: rangeOf(q, call.range, now), now });
      const statements = [...captured];
      const rawTimes: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const t = performance.now();
        await Promise.all(statements.map((s) => pool.query(s.sql, s.parameters as unknown[])));
        if (i >= 2) rawTimes.push(performance.now() - t);
      }
      rows.push({ path: `${prefix}${path}`, http: median(httpTimes), raw: median(rawTimes) });
    }
  }

  console.log(`\nPark operations — ${machine()} — ${new Date().toISOString().slice(0, 10)}`);
  console.log(`history: ${PASSES.toLocaleString()} passes, ${(PASSES / 10).toLocaleString()} alarms, ${(PASSES / 2).toLocaleString()} person passes in ${(passMs / 1000).toFixed(1)} s; ${POSITIONS.toLocaleString()} positions in ${(positionMs / 1000).toFixed(1)} s`);
  console.log(`\ningest positions (batches of ${BATCH}, 2 in flight, rules evaluated): ${Math.round(ingestRate).toLocaleString()} positions/s, ${alarms} alarms raised`);
  console.log(`raw batched INSERT of the same rows:                                ${Math.round(rawRate).toLocaleString()} positions/s`);
  console.log(`ratio ingest / raw: ${(ingestRate / rawRate).toFixed(2)}`);
  console.log(`\n| call | p50 HTTP ms | p50 raw SQL ms | ratio |\n|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.path} | ${r.http.toFixed(1)} | ${r.raw.toFixed(1)} | ${(r.http / Math.max(r.raw, 0.01)).toFixed(2)} |`);
  const worst = rows.reduce((a, b) => (b.http > a.http ? b : a));
  console.log(`\nslowest: ${worst.path} p50 ${worst.http.toFixed(1)} ms; calls over 50 ms: ${rows.filter((r) => r.http > 50).length} of ${rows.length}`);
} finally {
  await db.destroy().catch(() => undefined);
  await stopServer(server);
}
