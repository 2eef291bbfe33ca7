import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { backupFigures } from '../backup/index.ts';
import { importExportStates, queueStates } from './repo.ts';

/**
 * Counters other modules add to as things happen (the automation engine counts its executions'
 * outcomes here). One set per process: Prometheus scrapes each instance and sums them.
 */
export const automationExecutions = new Counter({
  name: 'park_automation_executions_total',
  help: '自动化执行结果次数 (result: success | failed | retried | skipped)',
  labelNames: ['result'] as const,
  registers: [],
});

const IMPORT_EXPORT_KIND: Record<number, string> = { 1: 'export', 2: 'import' };

/**
 * Builds the registry one app serves on /metrics: request counts and latencies by route (the
 * route's pattern, never the raw URL, so ids do not explode the label set), the database pool,
 * pg-boss queues and their lag, import/export jobs, backups, automation executions, and Node's own figures.
 * Database figures are read when scraped, so they are current and cost nothing between scrapes.
 */
export function createMetrics(app: FastifyInstance, db: Kysely<Database>, pool: pg.Pool): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'park_' });
  registry.registerMetric(automationExecutions);

  const requests = new Histogram({
    name: 'park_http_request_duration_seconds',
    help: 'HTTP 请求耗时（按路由、方法、状态码）',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs (404s, probes) share one label instead of one series per URL.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'park_db_pool_connections',
    help: '数据库连接池（state: total | idle | waiting）',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // The gauges below are collected in parallel; they share one read of the database per scrape.
  const snapshot = sharedSnapshot(async () => {
    const [queues, ie, backups] = await Promise.all([queueStates(db), importExportStates(db), backupFigures(db)]);
    return { queues, ie, backups };
  });
  new Gauge({
    name: 'park_job_queue_jobs',
    help: '后台任务队列中的任务数（按队列与状态）',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await snapshot())?.queues ?? []) this.set({ queue: q.name, state: q.state }, q.jobs);
    },
  });
  new Gauge({
    name: 'park_job_queue_lag_seconds',
    help: '队列中最早一个已到期但未开始的任务已等待的秒数',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await snapshot())?.queues ?? []) if (q.lagSeconds !== null) this.set({ queue: q.name }, q.lagSeconds);
    },
  });
  new Gauge({
    name: 'park_import_export_jobs',
    help: '导入导出任务数（kind: import | export，按状态）',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await snapshot())?.ie ?? []) {
        this.set({ kind: IMPORT_EXPORT_KIND[r.kind] ?? String(r.kind), state: r.state }, r.jobs);
      }
    },
  });
  new Gauge({
    name: 'park_backup_last_success_timestamp_seconds',
    help: '最近一次成功备份的完成时间（Unix 秒；从未成功时为 0）；可据此告警“超过 26 小时没有成功备份”',
    registers: [registry],
    async collect() {
      const figures = (await snapshot())?.backups;
      if (figures) this.set(figures.lastSuccess ?? 0);
    },
  });
  new Gauge({
    name: 'park_backup_failures_since_success',
    help: '最近一次成功备份之后失败的备份次数',
    registers: [registry],
    async collect() {
      const figures = (await snapshot())?.backups;
      if (figures) this.set(figures.failuresSince);
    },
  });
  new Gauge({
    name: 'park_metrics_database_scrape_ok',
    help: '本次抓取能否读取数据库中的队列与导入导出数字（1 能，0 不能）',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  return registry;
}

/** One read shared by the collectors of one scrape (they start together); null when it failed. */
function sharedSnapshot<T>(read: () => Promise<T>): () => Promise<T | null> {
  let current: { at: number; value: Promise<T | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!current || now - current.at > 1000) current = { at: now, value: read().catch(() => null) };
    return current.value;
  };
}
