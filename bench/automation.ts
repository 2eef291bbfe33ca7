/**
 * Automation engine throughput and latency (issue 18). A flow with one condition and one update
 * action on another form (企业库存: stock = stock − load) runs in the real server. Three phases
 * on the same data, in the same run:
 *
 *   baseline  the same writes by raw SQL: per event, in one transaction, the stock update with its
 *             form_event row, on as many connections as the engine has workers;
 *   burst     EVENTS events committed at once, time until every execution has committed its action;
 *   paced     RATE events/s for SECONDS seconds (in 20 ms batches): p50/p99 from the record's commit
 *             to the action's commit (form_event.create_time → auto_execution.finish_time, both
 *             taken in their transactions), and whether the engine kept up.
 *
 * EVENTS (5000), RATE (500), SECONDS (10), COMPANIES (50: stock rows the updates spread over), WORKERS (2)
 * and BATCH (128: AUTOMATION_BATCH) may be set.
 */
import pg from 'pg';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { createAutomationForms, insertVehicles, saveStockFlow } from '../apps/server/test/automationHarness.ts';
import { login } from '../apps/server/test/importExportHarness.ts';
import { machine } from './lib.ts';

const EVENTS = Number(process.env.EVENTS || 5000);
const RATE = Number(process.env.RATE || 500);
const SECONDS = Number(process.env.SECONDS || 10);
const COMPANIES = Number(process.env.COMPANIES || 50);
const WORKERS = Number(process.env.WORKERS || 2);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function waitDone(db: pg.Pool, flowId: number, total: number, limitMs: number): Promise<void> {
  const t0 = performance.now();
  for (;;) {
    const r = await db.query(`select count(*)::int n from auto_execution where flow_id = $1 and status in ('success', 'failed', 'skipped')`, [flowId]);
    if (r.rows[0].n >= total) return;
    if (performance.now() - t0 > limitMs) throw new Error(`only ${r.rows[0].n} of ${total} executions ended in ${limitMs} ms`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

console.log(`machine: ${machine()}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} at the start`);
const server = await startServer({ WEB_DIST: 'none', AUTOMATION_WORKERS: String(WORKERS), AUTOMATION_BATCH: process.env.BATCH || '128', LOG_LEVEL: 'warn' });
const db = new pg.Pool({ connectionString: server.databaseUrl, max: WORKERS + 2 });
// The server stopping its database ends idle connections: not an error of the benchmark.
db.on('error', () => undefined);
let baselineRate = 0;
try {
  const s = await login(server.baseUrl);
  const forms = await createAutomationForms(s);
  await db.query(`insert into "form_${forms.stock}" (company_name, stock_ton, create_by, update_by) select '企业' || g, 1000000000, 1, 1 from generate_series(0, $1 - 1) g`, [COMPANIES]);

  // Baseline: the same update and event, by raw SQL, WORKERS connections in parallel.
  {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const c = await db.connect();
        try {
          while (next < EVENTS) {
            const i = next++;
            await c.query('begin');
            const r = await c.query(`update "form_${forms.stock}" set stock_ton = stock_ton - 1, version = version + 1 where company_name = $1 returning *`, ['企业' + (i % COMPANIES)]);
            await c.query(`insert into form_event (form_id, record_id, op, after, actor_id) values ($1, $2, 'update', $3, 1)`, [forms.stock, r.rows[0].id, JSON.stringify(r.rows[0])]);
            await c.query('commit');
          }
        } finally {
          c.release();
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    console.log(`baseline raw SQL: ${EVENTS} updates in ${secs.toFixed(2)} s = ${(EVENTS / secs).toFixed(0)} events/s`);
    baselineRate = EVENTS / secs;
  }

  const flowId = await saveStockFlow(s, forms);

  // Burst: every event at once.
  {
    const t0 = performance.now();
    await insertVehicles(db, forms.vehicle, EVENTS, '鄂B', COMPANIES);
    await waitDone(db, flowId, EVENTS, 600_000);
    const secs = (performance.now() - t0) / 1000;
    const rate = EVENTS / secs;
    const failed = (await db.query(`select count(*)::int n from auto_execution where flow_id = $1 and status <> 'success'`, [flowId])).rows[0].n;
    console.log(`burst: ${EVENTS} executions in ${secs.toFixed(2)} s = ${rate.toFixed(0)} events/s end to end (${(rate / baselineRate).toFixed(2)} × raw SQL), ${failed} not successful`);
  }

  // Paced: RATE events/s for SECONDS s.
  {
    const before = (await db.query(`select coalesce(max(id), 0) as m from auto_execution`)).rows[0].m;
    const total = RATE * SECONDS;
    const perBatch = Math.max(1, Math.round(RATE / 50));
    const t0 = performance.now();
    for (let sent = 0, b = 0; sent < total; b++) {
      const n = Math.min(perBatch, total - sent);
      await insertVehicles(db, forms.vehicle, n, `鄂P${b}-`, COMPANIES);
      sent += n;
      const due = t0 + ((b + 1) * 1000) / 50;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    }
    const sendSecs = (performance.now() - t0) / 1000;
    await waitDone(db, flowId, EVENTS + total, 600_000);
    const lat = (
      await db.query(
        `select extract(epoch from (e.finish_time - ev.create_time)) * 1000 as ms
         from auto_execution e join form_event ev on ev.id = e.event_id where e.id > $1 and e.flow_id = $2`,
        [before, flowId],
      )
    ).rows.map((r) => Number(r.ms));
    const allSecs = (performance.now() - t0) / 1000;
    console.log(
      `paced: ${total} events sent at ${(total / sendSecs).toFixed(0)}/s, all done after ${allSecs.toFixed(2)} s; commit → action commit p50 ${pct(lat, 50).toFixed(0)} ms, p99 ${pct(lat, 99).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms`,
    );
  }

  // Every event subtracted its load (1) exactly once: the baseline's, the burst's and the paced ones.
  {
    const expected = COMPANIES * 1_000_000_000 - EVENTS - EVENTS - RATE * SECONDS;
    const { sum, events } = (
      await db.query(`select sum(stock_ton)::bigint::text as sum, (select count(*)::int from form_event where form_id = $1 and depth = 1) as events from "form_${forms.stock}"`, [forms.stock])
    ).rows[0];
    const ok = Number(sum) === expected && events === EVENTS + RATE * SECONDS;
    console.log(`check: stock total ${sum} (expected ${expected}), ${events} automation events: ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) process.exitCode = 1;
  }
} finally {
  await db.end();
  await stopServer(server);
}

