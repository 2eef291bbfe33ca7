import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { freePort, startEmbedded, type EmbeddedCluster } from '../src/db/embedded.ts';

/*
 * Databases outside the platform for the datasource tests: a second embedded PostgreSQL cluster,
 * and a MariaDB server when Debian's mariadb-server is installed (`apt-get install -y mariadb-server`).
 */

export interface ExternalServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Runs setup statements as the server's administrator. */
  exec(statements: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startSecondPostgres(database = 'ext'): Promise<ExternalServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-ext-pg-'));
  const cluster: EmbeddedCluster = await startEmbedded({ dir: path.join(dir, 'pg'), logger: pino({ level: 'warn' }), fast: true });
  const admin = new URL(cluster.urlFor('postgres'));
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`create database ${database}`);
  await c.end();
  const url = new URL(cluster.urlFor(database));
  return {
    host: '127.0.0.1',
    port: cluster.port,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    exec: async (statements) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      for (const s of statements) await client.query(s);
      await client.end();
    },
    stop: async () => {
      await cluster.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export function mariadbInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v mariadbd && command -v mariadb-install-db'], { encoding: 'utf8' }).status === 0;
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('MariaDB did not start');
}

/** A throw-away MariaDB in a temporary directory, on a free loopback port, with a password user. */
export async function startMariadb(database = 'ext'): Promise<ExternalServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-ext-maria-'));
  const datadir = path.join(dir, 'data');
  const socket = path.join(dir, 'mysqld.sock');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];
  const init = spawnSync('mariadb-install-db', [`--datadir=${datadir}`, '--auth-root-authentication-method=socket', '--skip-test-db', ...user], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr}`);
  const proc: ChildProcess = spawn(
    'mariadbd',
    ['--no-defaults', `--datadir=${datadir}`, `--socket=${socket}`, `--port=${port}`, '--bind-address=127.0.0.1', '--skip-log-bin', `--pid-file=${path.join(dir, 'pid')}`, ...user],
    { stdio: 'ignore' },
  );
  const mysql = await import('mysql2/promise');
  const rootConn = () => mysql.createConnection({ socketPath: socket, user: 'root' });
  await waitFor(async () => {
    try {
      await (await rootConn()).end();
      return true;
    } catch {
      return false;
    }
  }, 30_000);
  const password = 'Ext#Pass123';
  const root = await rootConn();
  await root.query(`create database ${database} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await root.query(`create user 'report'@'%' identified by '${password}'`);
  await root.query(`grant all on ${database}.* to 'report'@'%'`);
  await root.end();
  return {
    host: '127.0.0.1',
    port,
    user: 'report',
    password,
    database,
    exec: async (statements) => {
      const c = await mysql.createConnection({ socketPath: socket, user: 'root', database });
      for (const s of statements) await c.query(s);
      await c.end();
    },
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
