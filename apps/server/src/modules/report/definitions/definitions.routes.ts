import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest, forbidden } from '../../../plugins/errors.ts';
import { allows } from '../../user/worker.ts';
import { argsOf } from '../requestArgs.ts';
import { designScope, REPORT_DESIGN_PERMISSION, REPORT_FORBIDDEN } from '../permissions.ts';
import { ReportWidgets } from '../reports.ts';
import type { ReportServices } from '../service.ts';
import { columnValues } from './columnValues.ts';
import { ReportDefinitions } from './service.ts';

const Id = Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]);
const OptId = Type.Optional(Type.Union([Id, Type.Null()]));
const GroupBody = Type.Object({ id: OptId, name: Type.String({ maxLength: 64 }) });
const IdBody = Type.Object({ id: Id });
const CreateBody = Type.Object({ reportName: Type.String({ maxLength: 200 }), kind: Type.Optional(Type.String({ maxLength: 20 })), groupId: OptId });
const UpdateBody = Type.Object({
  reportId: Id,
  reportName: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(Type.String({ maxLength: 20 })),
  groupId: OptId,
});
const CopyBody = Type.Object({ reportId: Id, reportName: Type.String({ maxLength: 200 }) });
const ReportIdBody = Type.Object({ reportId: Id });
const ColumnBody = Type.Object({
  /** Design mode: a dataset and one of its columns. */
  dataset: Type.Optional(Id),
  column: Type.Optional(Type.Object({}, { additionalProperties: true })),
  /** A published report: its query widget and the condition's key. */
  reportId: Type.Optional(Id),
  widgetId: Type.Optional(Id),
  key: Type.Optional(Type.String({ maxLength: 100 })),
});

/** 报表管理 (issue 22): groups, and creating, renaming, moving, copying and deleting reports. */
export function definitionRoutes(app: FastifyInstance, ctx: AppContext, s: ReportServices): void {
  const design = { permission: REPORT_DESIGN_PERMISSION };
  const defs = new ReportDefinitions(ctx.db);
  const widgets = new ReportWidgets(ctx.db);

  app.route({ method: ['GET', 'POST'], url: '/api/report/group/query', config: design, handler: async () => ({ errCode: 0, list: await defs.groups() }) });

  app.post('/api/report/group/save', { schema: { body: GroupBody }, config: design }, async (request) => {
    const b = request.body as Static<typeof GroupBody>;
    return { errCode: 0, id: await defs.saveGroup(b.id, b.name) };
  });

  app.post('/api/report/group/delete', { schema: { body: IdBody }, config: design }, async (request) => {
    await defs.deleteGroup((request.body as Static<typeof IdBody>).id);
    return { errCode: 0 };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/datareport/list',
    config: design,
    handler: async (request) => {
      const a = argsOf(request);
      return { errCode: 0, list: await defs.list(a.groupId, a.reportName) };
    },
  });

  app.post('/api/report/datareport/create', { schema: { body: CreateBody }, config: design }, async (request) => {
    const reportId = await defs.create(request.body as Static<typeof CreateBody>, authOf(request).userId);
    return { errCode: 0, reportId };
  });

  app.post('/api/report/datareport/update', { schema: { body: UpdateBody }, config: design }, async (request) => {
    await defs.update(request.body as Static<typeof UpdateBody>);
    return { errCode: 0 };
  });

  app.post('/api/report/datareport/copy', { schema: { body: CopyBody }, config: design }, async (request) => {
    return { errCode: 0, reportId: await defs.copy(request.body as Static<typeof CopyBody>, authOf(request).userId) };
  });

  app.post('/api/report/datareport/delete', { schema: { body: ReportIdBody }, config: design }, async (request) => {
    await defs.delete((request.body as Static<typeof ReportIdBody>).reportId);
    return { errCode: 0 };
  });

  /**
   * A query widget's drop-down values. With a report and widget, anyone who may read the report;
   * with a bare dataset, designers only.
   */
  app.post('/api/report/datareport/querycolumndata', { schema: { body: ColumnBody } }, async (request) => {
    const b = request.body as Static<typeof ColumnBody>;
    const auth = authOf(request);
    if (b.reportId !== undefined && b.widgetId !== undefined) {
      const { widget: w, grant } = await widgets.loadWithGrant(auth, String(b.reportId), String(b.widgetId));
      const cond = (Array.isArray(w.conditions) ? (w.conditions as Array<Record<string, unknown>>) : []).find((c) => c.key === b.key);
      if (!cond) throw badRequest('查询条件不存在');
      const dataset = String(cond.dataset ?? ((w.data ?? {}) as Record<string, unknown>).dataset ?? '');
      return { errCode: 0, list: await columnValues(s, auth, grant, dataset, cond) };
    }
    if (!allows(auth.permissions, REPORT_DESIGN_PERMISSION)) throw forbidden(REPORT_FORBIDDEN);
    return { errCode: 0, list: await columnValues(s, auth, designScope(auth), String(b.dataset ?? ''), (b.column ?? {}) as Record<string, unknown>) };
  });
}
