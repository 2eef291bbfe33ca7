import pino from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startJobs, stopJobs } from '../../jobs/boss.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

const TOKEN = 'metrics-secret-token-28';

describe('health and metrics endpoints', () => {
  let t: TestApp;
  let off: TestApp;
  let boss: PgBoss | undefined;

  beforeAll(async () => {
    const base = loadConfig({ WEB_DIST: 'none' });
    t = await createTestApp({ ops: { ...base.ops, metricsToken: TOKEN } });
    off = await createTestApp();
  });
  afterAll(async () => {
    if (boss) await stopJobs(boss);
    await t?.close();
    await off?.close();
  });

  it('/healthz answers ok without a session, and says nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is not ready while the job queue is not running, and ready once it runs', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not ok' });

    boss = await startJobs(t.databaseUrl, t.booted.ctx, pino({ level: 'silent' }));
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is not ready when a migration of this build is missing from the database', async () => {
    await t.sql.query(`delete from kysely_migration where name = '2026_11_25_0095_message_kinds'`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('message_kinds');
    } finally {
      await t.sql.query(`insert into kysely_migration (name, timestamp) values ('2026_11_25_0095_message_kinds', now()::text)`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics refuses a missing or wrong token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('park_');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    // A session is no substitute for the token.
    const cookie = await t.login();
    const withSession = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie } });
    expect(withSession.statusCode).toBe(401);
  });

  it('/metrics with the token: Prometheus text with routes, pool, queues, import/export and automations', async () => {
    const cookie = await t.login();
    await t.call(cookie, 'GET', '/api/user/getUser');
    await t.call(cookie, 'GET', '/api/user/getUser');
    await t.sql.query(
      `insert into form_import_export (code, form_id, kind, state, params) values ('m1', '1', 2, 'failed', '{}'), ('m2', '1', 1, 'success', '{}')`,
    );
    await t.sql.query(
      `insert into sys_backup (name, trigger, state, dir, started_at, finished_at) values
         ('park-20261124-023000', 'nightly', 'success', '/b', '2026-11-24T02:30:00Z', '2026-11-24T02:31:40Z'),
         ('park-20261125-023000', 'nightly', 'failed', '/b', '2026-11-25T02:30:00Z', '2026-11-25T02:30:05Z')`,
    );

    // A queue nobody works: its job waits, so the queue shows a count and a lag.
    await boss!.createQueue('metrics-probe');
    await boss!.send('metrics-probe', {});

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/park_http_request_duration_seconds_count\{method="GET",route="\/api\/user\/getUser",status="200"\} 2/);
    expect(text).toMatch(/park_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/apc\/publicKey",status="200"\}/);
    expect(text).toMatch(/park_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/park_job_queue_jobs\{queue="metrics-probe",state="created"\} 1/);
    expect(text).toMatch(/park_job_queue_lag_seconds\{queue="metrics-probe"\} \d/);
    expect(text).toMatch(/park_import_export_jobs\{kind="import",state="failed"\} 1/);
    expect(text).toMatch(/park_import_export_jobs\{kind="export",state="success"\} 1/);
    expect(text).toContain('# TYPE park_automation_executions_total counter');
    expect(text).toContain(`park_backup_last_success_timestamp_seconds ${Date.parse('2026-11-24T02:31:40Z') / 1000}`);
    expect(text).toMatch(/park_backup_failures_since_success 1/);
    expect(text).toMatch(/park_metrics_database_scrape_ok 1/);
    expect(text).toContain('park_process_cpu_user_seconds_total');
  });

  it('without METRICS_TOKEN there is no /metrics at all', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('park_');
  });
});
