import { CompiledQuery, Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import os from 'node:os';
import pg from 'pg';
import type { ReportSettings } from '../../../config.ts';
import type { Engine } from '../query/dialects.ts';
import type { AnyDb } from '../query/plan.ts';

/** What is needed to reach an external database; the host is the address the guard resolved. */
export interface ExternalTarget {
  engine: Engine;
  address: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

/** Connections per external datasource: small, so a busy report cannot exhaust a business database. */
const EXTERNAL_POOL_MAX = 2;
const CONNECT_TIMEOUT_MS = 5000;

function pgSessionOptions(timeoutMs: number, parallelWorkers: number | null): string {
  // Read-only sessions: even a statement that slipped past every check could not write.
  const base = `-c default_transaction_read_only=on -c statement_timeout=${timeoutMs} -c idle_in_transaction_session_timeout=${timeoutMs * 2}`;
  return parallelWorkers === null ? base : `${base} -c max_parallel_workers_per_gather=${parallelWorkers}`;
}

/** The name report sessions carry in pg_stat_activity, so a busy database shows what is a report. */
export const REPORT_APPLICATION_NAME = 'park-report';

function pgPool(config: pg.PoolConfig, timeoutMs: number, max: number, parallelWorkers: number | null = null): pg.Pool {
  const pool = new pg.Pool({
    ...config,
    max,
    application_name: REPORT_APPLICATION_NAME,
    options: pgSessionOptions(timeoutMs, parallelWorkers),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A hung server must not hold a caller longer than the statement timeout (and a margin).
    query_timeout: timeoutMs + 2000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => undefined);
  return pool;
}

export function externalDb(t: ExternalTarget, timeoutMs: number): AnyDb {
  if (t.engine === 'postgresql') {
    const pool = pgPool({ host: t.address, port: t.port, database: t.database, user: t.username, password: t.password }, timeoutMs, EXTERNAL_POOL_MAX);
    return new Kysely({ dialect: new PostgresDialect({ pool }) });
  }
  const pool = createMysqlPool({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.username,
    password: t.password,
    connectionLimit: EXTERNAL_POOL_MAX,
    connectTimeout: CONNECT_TIMEOUT_MS,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  return new Kysely({
    dialect: new MysqlDialect({
      pool,
      onCreateConnection: async (conn) => {
        await conn.executeQuery(CompiledQuery.raw('SET SESSION TRANSACTION READ ONLY'));
        // MariaDB names the limit max_statement_time (seconds), MySQL max_execution_time (ms).
        for (const stmt of [`SET SESSION max_statement_time = ${timeoutMs / 1000}`, `SET SESSION max_execution_time = ${timeoutMs}`]) {
          await conn.executeQuery(CompiledQuery.raw(stmt)).catch(() => undefined);
        }
      },
    }),
  });
}

/**
 * PostgreSQL has no query priorities; the OS has. Each report connection's backend process gets a
 * lower CPU priority, so when a dashboard and form calls want the same cores the form calls win.
 * (Parallel workers are forked by the postmaster and keep the normal priority.) Not permitted, or
 * not local: nothing changes.
 */
function lowerPriority(pool: pg.Pool, nice: number): void {
  pool.on('connect', (client) => {
    client
      .query<{ pid: number }>('select pg_backend_pid() as pid')
      .then((r) => os.setPriority(r.rows[0]!.pid, nice))
      .catch(() => undefined);
  });
}

/**
 * The report side's database handles: the platform database through its own small pool with
 * read-only sessions and the statement timeout (REPORT_DATABASE_URL when set, e.g. a replica), so
 * report queries never take connections the form calls need; and one pool per external datasource.
 */
export class ReportConnections {
  readonly platform: AnyDb;
  /**
   * One connection for a report query that runs alone (ADR 0023): parallel workers
   * (REPORT_SOLO_PARALLEL_WORKERS) and normal priority, as nothing of ours is there to yield to.
   * Null when solo queries get no more workers than every report session.
   */
  readonly solo: AnyDb | null;
  private readonly external = new Map<string, { stamp: string; db: AnyDb }>();

  constructor(
    databaseUrl: string,
    private readonly settings: ReportSettings,
    /** The platform database is the embedded cluster on this machine (its backends are local processes). */
    embedded: boolean,
  ) {
    const pool = pgPool({ connectionString: settings.databaseUrl ?? databaseUrl }, settings.statementTimeoutMs, settings.queriesPerServer + 1, settings.parallelWorkers);
    if (embedded && settings.databaseUrl === null && settings.backendNice > 0) lowerPriority(pool, settings.backendNice);
    this.platform = new Kysely({ dialect: new PostgresDialect({ pool }) });
    this.solo =
      settings.soloParallelWorkers > settings.parallelWorkers
        ? new Kysely({ dialect: new PostgresDialect({ pool: pgPool({ connectionString: settings.databaseUrl ?? databaseUrl }, settings.statementTimeoutMs, 1, settings.soloParallelWorkers) }) })
        : null;
  }

  /** The pool of an external datasource, made again when its settings changed (`stamp`). */
  async externalFor(id: string, stamp: string, target: () => Promise<ExternalTarget>): Promise<AnyDb> {
    const hit = this.external.get(id);
    if (hit && hit.stamp === stamp) return hit.db;
    if (hit) await this.drop(id);
    const db = externalDb(await target(), this.settings.statementTimeoutMs);
    this.external.set(id, { stamp, db });
    return db;
  }

  async drop(id: string): Promise<void> {
    const hit = this.external.get(id);
    this.external.delete(id);
    await hit?.db.destroy().catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.external.keys()].map((id) => this.drop(id)));
    await this.platform.destroy();
    await this.solo?.destroy();
  }
}
