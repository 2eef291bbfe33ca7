import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { PageQuery } from '../../plugins/paging.ts';
import { badRequest, describeError, notFound } from '../../plugins/errors.ts';
import { argsOf } from './requestArgs.ts';
import { designScope, readableReportVersion, REPORT_DESIGN_PERMISSION } from './permissions.ts';
import type { ReportResult } from './query/engine.ts';
import { existingRoleIds, findReport, insertReport, listReports, pageReports, replaceReportRoles, reportRoleIds, updateReport } from './repo.ts';
import { checkSettingMeta, ReportWidgets, REPORT_TEXT_SERVER } from './reports.ts';
import type { ReportServices } from './service.ts';
import { TableExports } from './export/tableExport.ts';
import { answerBatch } from './query/batch.ts';

const Id = Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]);
const QueryFields = {
  pageNum: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])),
  pageSize: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])),
  queryConditions: Type.Optional(Type.Unknown()),
  superConditions: Type.Optional(Type.Unknown()),
  drillingConditions: Type.Optional(Type.Unknown()),
};
const QueryBody = Type.Object({ reportId: Id, widgetId: Id, ...QueryFields });
/** Widgets one batch may ask for; a page holds far fewer (the schema's bound only stops huge bodies early). */
export const REPORT_BATCH_MAX = 60;
const BatchBody = Type.Object({ reportId: Id, widgets: Type.Array(Type.Object({ widgetId: Id, ...QueryFields }), { minItems: 1, maxItems: 1000 }) });
const PreviewBody = Type.Object({ datareport: Type.Object({}, { additionalProperties: true }), ...QueryFields });
const SaveBody = Type.Object({
  reportId: Type.Optional(Type.Union([Id, Type.Null()])),
  reportName: Type.String({ maxLength: 100 }),
  settingMeta: Type.Unknown(),
});
const PermissionBody = Type.Object({
  reportId: Id,
  roleIds: Type.Union([Type.Array(Id, { maxItems: 1000 }), Type.String({ maxLength: 20000 })]),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const ListQuery = Type.Object({ ...PageQuery.properties, reportName: Type.Optional(Type.String({ maxLength: 100 })) });
const ExportBody = Type.Object({ reportId: Id, widgetId: Id, queryConditions: Type.Optional(Type.Unknown()), superConditions: Type.Optional(Type.Unknown()), drillingConditions: Type.Optional(Type.Unknown()) });
const CodeParams = Type.Object({ code: Type.String({ maxLength: 40 }) });

function reply(r: ReportResult) {
  return { errCode: 0, ...r };
}

/** Report definitions, their data and who may read them (spec 002 §7, DESIGN §11). */
export function datareportRoutes(app: FastifyInstance, ctx: AppContext, s: ReportServices): void {
  const design = { permission: REPORT_DESIGN_PERMISSION };
  const widgets = new ReportWidgets(ctx.db, ctx.config.report.stampMaxAgeMs);

  app.post('/api/report/datareport/save', { schema: { body: SaveBody }, config: design }, async (request) => {
    const b = request.body as Static<typeof SaveBody>;
    const name = b.reportName.trim();
    if (!name) throw badRequest(REPORT_TEXT_SERVER.noName);
    const meta = checkSettingMeta(b.settingMeta);
    if (b.reportId !== undefined && b.reportId !== null && b.reportId !== '') {
      if (!(await updateReport(ctx.db, String(b.reportId), name, meta))) throw notFound(REPORT_TEXT_SERVER.notFound);
      widgets.forget(String(b.reportId));
      return { errCode: 0, reportId: Number(b.reportId) };
    }
    return { errCode: 0, reportId: Number(await insertReport(ctx.db, name, meta, authOf(request).userId)) };
  });

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/report/datareport/query',
      schema: method === 'GET' ? { querystring: ListQuery } : { body: ListQuery },
      config: design,
      handler: async (request) => {
        const q = (method === 'GET' ? request.query : request.body) as Static<typeof ListQuery>;
        const [all, page] = await Promise.all([listReports(ctx.db), pageReports(ctx.db, q)]);
        return {
          errCode: 0,
          // Ours: every report.
          list: all.map((r) => ({ reportId: Number(r.id), reportName: r.report_name, version: r.version, updateTime: r.update_time.toISOString() })),
          // The original client's 报表 list (DataReport.vue): a page, with state 2 已发布 (a menu
          // shows it), 4 已保存未发布 (it has widgets) or 1 未发布.
          dataReports: page.rows.map((r) => ({
            reportId: Number(r.id),
            reportName: r.report_name,
            state: r.published ? 2 : r.has_widgets ? 4 : 1,
            userName: r.real_name ?? '',
            lastUpdateUserName: r.real_name ?? '',
            lastUpdateTime: formatDateTime(r.update_time),
          })),
          totalCount: page.total,
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        };
      },
    });
  }

  app.get('/api/report/datareport/getbyid/:id', { schema: { params: IdParams } }, async (request) => {
    const id = (request.params as Static<typeof IdParams>).id;
    const report = /^\d{1,18}$/.test(id) ? await findReport(ctx.db, id) : undefined;
    if (!report) throw notFound(REPORT_TEXT_SERVER.notFound);
    await readableReportVersion(ctx.db, authOf(request), report.id);
    return {
      errCode: 0,
      reportId: Number(report.id),
      reportName: report.report_name,
      settingMeta: report.setting_meta,
      // The original client's published-report page parses reportConf.settingMeta (JSON text).
      reportConf: { reportId: Number(report.id), reportName: report.report_name, settingMeta: JSON.stringify(report.setting_meta) },
    };
  });

  /** Design mode: the whole widget is sent; the reply also carries the SQL as base64 `x`. */
  app.post('/api/report/datareport/previewreportdata', { schema: { body: PreviewBody }, config: design }, async (request) => {
    const b = request.body as Static<typeof PreviewBody>;
    const auth = authOf(request);
    const out = await s.engine.run(auth, designScope(auth), b.datareport as Record<string, unknown>, b);
    const { sql, ...result } = out;
    return { ...reply(result), x: Buffer.from(sql).toString('base64') };
  });

  /** A published report's widget, by ids; readable by the roles the report was given. */
  app.post('/api/report/datareport/queryreportdata', { schema: { body: QueryBody } }, async (request, res) => {
    const b = request.body as Static<typeof QueryBody>;
    const auth = authOf(request);
    const { widget, grant } = await widgets.loadWithGrant(auth, String(b.reportId), String(b.widgetId));
    // A cached result's reply bytes are kept with it (the same { errCode: 0, ...result } shape).
    res.type('application/json; charset=utf-8');
    return s.engine.runReply(auth, grant, widget, b, true);
  });

  /**
   * A page of a published report's widgets in one call (ADR 0023): access is checked once for the
   * whole batch (403 as for one widget); then each widget is answered on its own in `results`,
   * with its data, its own error, or `pending` (its query is still running after
   * REPORT_BATCH_WAIT_MS: ask queryreportdata for it, which joins that run).
   */
  app.post('/api/report/datareport/queryreportdatabatch', { schema: { body: BatchBody } }, async (request, res) => {
    const b = request.body as Static<typeof BatchBody>;
    if (b.widgets.length > REPORT_BATCH_MAX) throw badRequest(REPORT_TEXT_SERVER.batchTooLarge(REPORT_BATCH_MAX));
    const auth = authOf(request);
    const { widgetOf, grant } = await widgets.readable(auth, String(b.reportId));
    const { body, length } = await s.engine.batch(b.widgets.length, () =>
      answerBatch(
        b.widgets.map((w) => w.widgetId),
        (i) => s.engine.runReply(auth, grant, widgetOf(String(b.widgets[i]!.widgetId)), b.widgets[i]!, true, false),
        (err) => describeError(err, request.log, app.dbOutage).body,
        ctx.config.report.batchWaitMs,
      ),
    );
    res.type('application/json; charset=utf-8').header('content-length', length);
    return body;
  });

  const exports = new TableExports(ctx, s);

  /** A table widget's every row as a workbook; poll getExportTableReportState, then download the file. */
  app.post('/api/report/datareport/exportTableReport', { schema: { body: ExportBody } }, async (request) => {
    const b = request.body as Static<typeof ExportBody>;
    const auth = authOf(request);
    const { widget, grant } = await widgets.loadWithGrant(auth, String(b.reportId), String(b.widgetId));
    const code = await exports.start(auth, grant, String(b.reportId), String(b.widgetId), widget, b);
    return { errCode: 0, exportCode: code };
  });

  app.get('/api/report/getExportTableReportState/:code', { schema: { params: CodeParams } }, async (request) => {
    const state = await exports.state(authOf(request), (request.params as Static<typeof CodeParams>).code);
    return { errCode: 0, exportTableReportState: state };
  });

  app.post('/api/report/reportpermission/save', { schema: { body: PermissionBody }, config: design }, async (request) => {
    const b = request.body as Static<typeof PermissionBody>;
    const report = await findReport(ctx.db, String(b.reportId));
    if (!report) throw notFound(REPORT_TEXT_SERVER.notFound);
    const ids = (Array.isArray(b.roleIds) ? b.roleIds.map(String) : b.roleIds.split(',')).map((x) => x.trim()).filter(Boolean);
    if (ids.some((x) => !/^\d{1,18}$/.test(x))) throw badRequest('角色ID不合法');
    const known = await existingRoleIds(ctx.db, ids);
    if (known.length !== new Set(ids).size) throw badRequest('角色不存在');
    await replaceReportRoles(ctx.db, report.id, [...new Set(ids)]);
    widgets.forget(report.id);
    return { errCode: 0 };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/reportpermission/query',
    config: design,
    handler: async (request) => {
      const id = String(argsOf(request).reportId ?? '');
      if (!/^\d{1,18}$/.test(id)) throw badRequest('请选择报表');
      return { errCode: 0, roleIds: (await reportRoleIds(ctx.db, id)).map(Number) };
    },
  });
}
