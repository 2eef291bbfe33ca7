import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { Engine } from './query/dialects.ts';
import type { AnyDb } from './query/plan.ts';
import { findDatasource, type ReportDatasourceRow } from './repo.ts';
import { externalDb, type ExternalTarget, type ReportConnections } from './sources/connections.ts';
import { HostRefused, type HostPolicy } from './sources/hostGuard.ts';
import type { SecretBox } from './sources/secrets.ts';

export const REPORT_DATASOURCE_TEXT = {
  notFound: '数据源不存在',
  builtIn: '平台数据库是内置数据源，不能修改或删除',
  inUse: (n: number) => `该数据源已被 ${n} 个数据集使用，不能删除`,
  badType: '数据源类型只能是 postgresql 或 mysql',
  connectTimeout: '连接数据源超时，请检查主机、端口和网络',
  refused: '数据源拒绝连接，请检查主机和端口',
  auth: '连接数据源失败：用户名或密码错误',
  noDatabase: '连接数据源失败：数据库不存在',
  failed: '连接数据源失败，请检查配置',
  timeout: (s: number) => `报表查询超时（超过 ${s} 秒），请缩小查询范围后重试`,
  badDate: '报表查询失败：数据中有无法按日期统计的值',
  badNumber: '报表查询失败：数据中有无法按数字统计的值',
  queryFailed: '报表查询失败，请检查数据集配置',
} as const;

export const ENGINES: Record<string, Engine> = { postgresql: 'postgresql', mysql: 'mysql' };
const CONNECT_WAIT_MS = 8000;

/** Driver errors in Chinese: a timeout, a refusal, wrong credentials; the rest say only that it failed. */
export function describeSourceError(err: unknown, timeoutMs: number): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HostRefused) return badRequest(err.message);
  const e = err as { code?: string; errno?: number; message?: string };
  const code = String(e.code ?? '');
  const msg = String(e.message ?? '');
  if (code === '57014' || code === 'ER_QUERY_TIMEOUT' || e.errno === 1969 || e.errno === 3024 || /Query read timeout/i.test(msg)) {
    return new AppError(504, REPORT_DATASOURCE_TEXT.timeout(Math.round(timeoutMs / 1000)));
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(msg)) return new AppError(502, REPORT_DATASOURCE_TEXT.connectTimeout);
  if (code === 'ECONNREFUSED') return new AppError(502, REPORT_DATASOURCE_TEXT.refused);
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR') return new AppError(502, REPORT_DATASOURCE_TEXT.auth);
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR') return new AppError(502, REPORT_DATASOURCE_TEXT.noDatabase);
  // The statement reached the database and failed there: a value the data cannot be read as.
  if (code === '22007' || code === '22008') return new AppError(400, REPORT_DATASOURCE_TEXT.badDate);
  if (code === '22P02' || code === '22003') return new AppError(400, REPORT_DATASOURCE_TEXT.badNumber);
  if (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('ER_')) return new AppError(500, REPORT_DATASOURCE_TEXT.queryFailed);
  return new AppError(502, REPORT_DATASOURCE_TEXT.failed);
}

/** Rejects after `ms` so a silent server cannot hold a request (the driver's own timeouts come first). */
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export interface ReportDatasourceInput {
  name: string;
  type: string;
  host: string;
  port: number;
  database: string;
  username: string;
  /** Empty on update keeps the stored password. */
  password: string;
}

/** Report datasources (not the form pickers' sources, form/pickerSources.ts): the built-in platform database and guarded external PostgreSQL/MySQL servers. */
export class ReportDatasources {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly connections: ReportConnections,
    private readonly policy: HostPolicy,
    private readonly secrets: SecretBox,
    private readonly timeoutMs: number,
  ) {}

  async load(id: string): Promise<ReportDatasourceRow> {
    const row = /^\d{1,18}$/.test(id) ? await findDatasource(this.db, id) : undefined;
    if (!row) throw notFound(REPORT_DATASOURCE_TEXT.notFound);
    return row;
  }

  engineOf(row: ReportDatasourceRow): Engine {
    return row.built_in ? 'postgresql' : ENGINES[row.db_type]!;
  }

  /** Where an input points, checked by the host policy; the password is the one given or stored. */
  async target(input: Omit<ReportDatasourceInput, 'name'>): Promise<ExternalTarget> {
    const engine = ENGINES[input.type];
    if (!engine) throw badRequest(REPORT_DATASOURCE_TEXT.badType);
    const address = await this.policy.resolve(input.host);
    return { engine, address, port: input.port, database: input.database, username: input.username, password: input.password };
  }

  /** Where a saved datasource points (its host checked again), its password opened. */
  async targetOf(row: ReportDatasourceRow): Promise<ExternalTarget> {
    return this.target({
      type: row.db_type,
      host: row.host ?? '',
      port: row.port ?? 0,
      database: row.database_name ?? '',
      username: row.username ?? '',
      password: row.secret ? this.secrets.open(row.secret) : '',
    });
  }

  /** The handle report queries on this datasource go through. */
  async dbOf(row: ReportDatasourceRow): Promise<AnyDb> {
    if (row.built_in) return this.connections.platform;
    return this.connections.externalFor(row.id, row.update_time.toISOString(), () => this.targetOf(row));
  }

  /** testDataSource: connects with a one-off pool and runs `select 1`. */
  async test(input: Omit<ReportDatasourceInput, 'name'>): Promise<void> {
    const target = await this.target(input).catch((err: unknown) => {
      throw describeSourceError(err, this.timeoutMs);
    });
    const probe = externalDb(target, this.timeoutMs);
    try {
      await within(probe.selectNoFrom((eb) => eb.val(1).as('one')).execute(), CONNECT_WAIT_MS);
    } catch (err) {
      throw describeSourceError(err, this.timeoutMs);
    } finally {
      void probe.destroy().catch(() => undefined);
    }
  }

  seal(password: string): string {
    return this.secrets.seal(password);
  }

  forget(id: string): Promise<void> {
    return this.connections.drop(id);
  }
}
