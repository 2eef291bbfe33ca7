import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { REPORT_DATASOURCE_TEXT, type ReportDatasourceInput } from './reportDatasources.ts';
import { REPORT_DESIGN_PERMISSION } from './permissions.ts';
import { datasetCountOf, deleteReportDatasource, insertReportDatasource, listReportDatasources, updateReportDatasource, type ReportDatasourceRow } from './repo.ts';
import type { ReportServices } from './service.ts';
import { argsOf } from './requestArgs.ts';

const Id = Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]);
const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const SaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: Str(20),
  dbType: Str(20),
  host: Type.String({ minLength: 1, maxLength: 253 }),
  port: Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String({ pattern: '^[0-9]{1,5}$' })]),
  database: Str(128),
  dbName: Str(128),
  username: Type.String({ minLength: 1, maxLength: 128 }),
  password: Str(256),
});
type SaveInput = Static<typeof SaveBody>;
interface DsQuery {
  datasourceId: string | number;
  tbName?: string;
}

function input(b: SaveInput, storedPassword = ''): ReportDatasourceInput {
  const type = (b.type ?? b.dbType ?? '').toLowerCase();
  const database = (b.database ?? b.dbName ?? '').trim();
  if (!database) throw badRequest('数据库名不能为空');
  return { name: b.name.trim(), type, host: b.host.trim(), port: Number(b.port), database, username: b.username.trim(), password: b.password || storedPassword };
}

export function presentReportDatasource(r: ReportDatasourceRow) {
  return {
    id: Number(r.id),
    name: r.name,
    type: r.db_type,
    host: r.host ?? '',
    port: r.port ?? null,
    database: r.database_name ?? '',
    username: r.username ?? '',
    builtIn: r.built_in,
    updateTime: r.update_time.toISOString(),
  };
}

/** 数据源管理 (spec 002 §7, kh.config saveDataSource … deleteDSById); administrators only. */
export function reportDatasourceRoutes(app: FastifyInstance, ctx: AppContext, s: ReportServices): void {
  const design = { permission: REPORT_DESIGN_PERMISSION };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/datasource/query',
    config: design,
    handler: async () => ({ errCode: 0, list: (await listReportDatasources(ctx.db)).map(presentReportDatasource) }),
  });

  app.post('/api/report/datasource/save', { schema: { body: SaveBody }, config: design }, async (request) => {
    const b = request.body as SaveInput;
    const auth = authOf(request);
    if (b.id !== undefined && b.id !== '') {
      const row = await s.sources.load(String(b.id));
      if (row.built_in) throw badRequest(REPORT_DATASOURCE_TEXT.builtIn);
      const i = input(b, row.secret ? ctx.reports.secrets.open(row.secret) : '');
      await s.sources.target(i).catch((err: unknown) => {
        throw badRequest(err instanceof Error ? err.message : REPORT_DATASOURCE_TEXT.failed);
      });
      await updateReportDatasource(ctx.db, row.id, {
        name: i.name,
        db_type: i.type,
        host: i.host,
        port: i.port,
        database_name: i.database,
        username: i.username,
        secret: s.sources.seal(i.password),
      });
      await s.sources.forget(row.id);
      s.datasets.forgetDatasource(row.id);
      return { errCode: 0, id: Number(row.id) };
    }
    const i = input(b);
    await s.sources.target(i).catch((err: unknown) => {
      throw badRequest(err instanceof Error ? err.message : REPORT_DATASOURCE_TEXT.failed);
    });
    const id = await insertReportDatasource(ctx.db, {
      name: i.name,
      db_type: i.type,
      host: i.host,
      port: i.port,
      database_name: i.database,
      username: i.username,
      secret: s.sources.seal(i.password),
      create_by: auth.userId,
    });
    return { errCode: 0, id: Number(id) };
  });

  app.post('/api/report/datasource/test', { config: design }, async (request) => {
    const b = argsOf(request);
    if (b.id !== undefined && b.host === undefined) {
      const row = await s.sources.load(String(b.id));
      if (!row.built_in) {
        await s.sources.test({
          type: row.db_type,
          host: row.host ?? '',
          port: row.port ?? 0,
          database: row.database_name ?? '',
          username: row.username ?? '',
          password: row.secret ? ctx.reports.secrets.open(row.secret) : '',
        });
      }
      return { errCode: 0, errMsg: '连接成功' };
    }
    const port = Number(b.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw badRequest('端口不合法');
    await s.sources.test({
      type: String(b.type ?? b.dbType ?? '').toLowerCase(),
      host: String(b.host ?? ''),
      port,
      database: String(b.database ?? b.dbName ?? ''),
      username: String(b.username ?? ''),
      password: String(b.password ?? ''),
    });
    return { errCode: 0, errMsg: '连接成功' };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/datasource/table/query',
    schema: {},
    config: design,
    handler: async (request) => {
      const a = argsOf(request) as Partial<DsQuery>;
      const ds = await s.sources.load(String(a.datasourceId ?? ''));
      return { errCode: 0, list: await s.datasets.tables(ds) };
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/datasource/table/querydesc',
    config: design,
    handler: async (request) => {
      const a = argsOf(request) as Partial<DsQuery>;
      const ds = await s.sources.load(String(a.datasourceId ?? ''));
      if (!a.tbName) throw badRequest('请选择数据表');
      return { errCode: 0, list: await s.datasets.columns(ds, String(a.tbName)) };
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/datasource/delete',
    config: design,
    handler: async (request) => {
      const a = argsOf(request) as { id?: unknown };
      const row = await s.sources.load(String(a.id ?? ''));
      if (row.built_in) throw badRequest(REPORT_DATASOURCE_TEXT.builtIn);
      const used = await datasetCountOf(ctx.db, row.id);
      if (used > 0) throw badRequest(REPORT_DATASOURCE_TEXT.inUse(used));
      if (!(await deleteReportDatasource(ctx.db, row.id))) throw notFound(REPORT_DATASOURCE_TEXT.notFound);
      await s.sources.forget(row.id);
      s.datasets.forgetDatasource(row.id);
      return { errCode: 0 };
    },
  });
}
