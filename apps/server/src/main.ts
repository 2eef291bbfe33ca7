import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { BASE_PATH } from '@park/core';
import { buildApp } from './app.ts';
import { bootstrap, type Bootstrapped } from './bootstrap.ts';
import { demoFleet, seedTransportApp } from './apps/index.ts';
import { loadConfig } from './config.ts';
import { ensureDatabase, startEmbedded, type EmbeddedCluster } from './db/embedded.ts';
import { startJobs, stopJobs } from './jobs/boss.ts';
import { describeStartError } from './db/staleCluster.ts';
import { loggerOptions } from './logger.ts';
import { startParkSimulator, type ParkSimulator } from './modules/park/index.ts';

const EMBEDDED_DB = 'park';

/** What has been started so far; shutdown stops whatever is there, in reverse order. */
interface Running {
  cluster?: EmbeddedCluster;
  booted?: Bootstrapped;
  boss?: PgBoss;
  app?: FastifyInstance;
  simulator?: ParkSimulator | null;
}

/* Until main() replaces it (a failure before then, e.g. in the configuration, has nothing to stop). */
let failStart: (err: unknown) => Promise<void> = async (err) => {
  console.error('启动失败:', describeStartError(err));
};

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const running: Running = {};

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      running.simulator?.stop();
      await running.app?.close(); // lets in-flight requests finish
      if (running.boss) await stopJobs(running.boss);
      await running.booted?.close();
      await running.cluster?.stop();
      process.exit(signal === 'startup-failure' ? 1 : 0);
    } catch (err) {
      logger.error({ message: err instanceof Error ? err.message : String(err) }, 'shutdown failed');
      process.exit(1);
    }
  };
  failStart = async (err) => {
    console.error('启动失败:', describeStartError(err));
    stopping = false;
    await shutdown('startup-failure');
  };
  // Registered first, so a signal during start-up still stops the embedded database.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    running.cluster = await startEmbedded({ dir: path.join(config.dataDir, 'pg'), logger });
    await ensureDatabase(running.cluster.urlFor('postgres'), EMBEDDED_DB);
    databaseUrl = running.cluster.localUrlFor(EMBEDDED_DB);
  }
  if (stopping) return;
  running.booted = await bootstrap(config, databaseUrl, logger);
  // Issue 41: the demo's 危化品运输 application, installed through 应用管理's own install (once).
  await seedTransportApp(running.booted.ctx, logger);
  running.boss = await startJobs(databaseUrl, running.booted.ctx, logger);
  if (stopping) return;
  running.app = await buildApp(running.booted.ctx);
  await running.app.listen({ port: config.port, host: config.host });
  // The demo park (issue 23): on unless PARK_SIMULATOR=0; its first run fills a month of history.
  // Its hazardous vehicles are mostly the demo fleet's, with the day's approved waybills (issue 41).
  if (config.park.simulator) running.simulator = startParkSimulator(running.booted.ctx, logger, demoFleet(running.app, running.booted.ctx, logger));
  const ms = Math.round(performance.now() - startedAt);

  const bound = running.app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}${BASE_PATH}/`;
  logger.info({ port, ms }, 'listening');
  console.log(`\n封闭园区低代码平台已启动 (${ms} ms): ${url}`);
  const seeded = running.booted.seedResult;
  if (seeded.generatedAdminPassword) {
    console.log(`管理员账号 admin 的初始密码（仅显示这一次，请登录后修改）: ${seeded.generatedAdminPassword}\n`);
  } else if (seeded.adminCreated) {
    console.log('管理员账号 admin 的密码来自环境变量 ADMIN_PASSWORD。\n');
  } else {
    console.log('管理员账号 admin 已存在，密码为首次启动时设置的密码（ADMIN_PASSWORD 或当时打印的初始密码）。\n');
  }
}

main().catch(async (err) => {
  // Stops whatever did start (the embedded database above all) before exiting.
  await failStart(err);
  process.exit(1);
});
