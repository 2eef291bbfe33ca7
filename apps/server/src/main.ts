import path from 'node:path';
import pino from 'pino';
import { BASE_PATH } from '@park/core';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { ensureDatabase, startEmbedded, type EmbeddedCluster } from './db/embedded.ts';
import { startJobs, stopJobs } from './jobs/boss.ts';
import { loggerOptions } from './logger.ts';

const EMBEDDED_DB = 'park';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);

  let cluster: EmbeddedCluster | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    cluster = await startEmbedded({ dir: path.join(config.dataDir, 'pg'), logger });
    await ensureDatabase(cluster.urlFor('postgres'), EMBEDDED_DB);
    databaseUrl = cluster.urlFor(EMBEDDED_DB);
  }

  const booted = await bootstrap(config, databaseUrl, logger);
  const boss = await startJobs(databaseUrl, booted.ctx, logger);
  const app = await buildApp(booted.ctx);
  const address = await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}${BASE_PATH}/`;
  logger.info({ address, ms }, 'listening');
  console.log(`\n封闭园区低代码平台已启动 (${ms} ms): ${url}`);
  if (booted.seedResult.generatedAdminPassword) {
    console.log(
      `管理员账号 admin 的初始密码（仅显示这一次，请登录后修改）: ${booted.seedResult.generatedAdminPassword}\n`,
    );
  } else if (booted.seedResult.adminCreated) {
    console.log('管理员账号 admin 的密码来自环境变量 ADMIN_PASSWORD。\n');
  } else {
    console.log('管理员账号 admin 已存在，密码为首次启动时设置的密码（ADMIN_PASSWORD 或当时打印的初始密码）。\n');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close(); // waits for in-flight requests
      await stopJobs(boss);
      await booted.close();
      if (cluster) await cluster.stop();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('启动失败:', err instanceof Error ? err.message : err);
  process.exit(1);
});
