import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { startEmbedded, type EmbeddedCluster } from '../db/embedded.ts';

/** The database the server uses inside the embedded cluster (main.ts creates it). */
export const EMBEDDED_DB = 'park';

export interface CliDatabase {
  /** The platform's database. */
  url: string;
  /** The embedded cluster's superuser connection to its `postgres` database; null with DATABASE_URL. */
  clusterAdminUrl: string | null;
  /** The embedded cluster's data directory (DATA_DIR/pg); null with DATABASE_URL. */
  clusterDir: string | null;
  /** True when this command started the embedded cluster itself (the server was not running). */
  startedHere: boolean;
  close(): Promise<void>;
}

/** The port of an embedded cluster that is running now, from its postmaster.pid; null if none runs. */
export async function runningClusterPort(clusterDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  // Lines: pid, data directory, start time, port, socket directory, listen address, …
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}

function embeddedUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/**
 * Server commands (backup, admin) work whether the server runs or not. With DATABASE_URL they use
 * it. Otherwise they join the embedded cluster the running server started (its port is in
 * postmaster.pid, its password in DATA_DIR/pg.password), or, when the server is stopped, start
 * the cluster themselves for the command's duration.
 */
export async function openDatabase(config: Config, logger: Logger): Promise<CliDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, clusterAdminUrl: null, clusterDir: null, startedHere: false, close: async () => undefined };
  }
  const clusterDir = path.join(config.dataDir, 'pg');
  try {
    await fs.access(path.join(clusterDir, 'PG_VERSION'));
  } catch {
    throw new Error(`${config.dataDir} 中没有数据库（${clusterDir} 不存在或未初始化）；请检查 DATA_DIR`);
  }
  const port = await runningClusterPort(clusterDir);
  if (port !== null) {
    const password = (await fs.readFile(`${clusterDir}.password`, 'utf8')).trim();
    return {
      url: embeddedUrl(password, port, EMBEDDED_DB),
      clusterAdminUrl: embeddedUrl(password, port, 'postgres'),
      clusterDir,
      startedHere: false,
      close: async () => undefined,
    };
  }
  const cluster: EmbeddedCluster = await startEmbedded({ dir: clusterDir, logger });
  return {
    url: cluster.urlFor(EMBEDDED_DB),
    clusterAdminUrl: cluster.urlFor('postgres'),
    clusterDir,
    startedHere: true,
    close: () => cluster.stop(),
  };
}
