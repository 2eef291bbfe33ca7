import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { deleteFlow, getFlow, queryFlows, saveFlow, setFlowStatus } from './flowService.ts';
import { EXECUTION_STATUSES } from '@park/core';
import { dryRun, getExecution, queryExecutions, retryExecution } from './executionService.ts';

/** Designing flows and reading executions are separate grants (the 执行记录 menu gives the second). */
const FLOW_PERM = 'automation:flow';
const EXECUTION_PERM = 'automation:execution';
const MODULE = '自动化';

const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) });
const IdOrNumber = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,17}$' })]);
const Paging = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
};
const SaveBody = Type.Object({
  id: Type.Optional(Type.Union([IdOrNumber, Type.Null()])),
  flowName: Type.String({ maxLength: 200 }),
  nodeConfig: Type.Unknown(),
});
const FlowQuery = Type.Object({ ...Paging, flowName: Type.Optional(Type.String({ maxLength: 100 })), formId: Type.Optional(Type.String({ pattern: '^[0-9]{0,18}$' })) });
const EnableQuery = Type.Object({ status: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]) });
const DryRunBody = Type.Object({
  id: Type.Optional(Type.Union([IdOrNumber, Type.Null()])),
  nodeConfig: Type.Optional(Type.Unknown()),
  formId: Type.Optional(Type.Union([IdOrNumber, Type.Null()])),
  businessId: IdOrNumber,
  event: Type.Optional(Type.Union([Type.Literal('insert'), Type.Literal('update'), Type.Literal('delete')])),
});
const ExecutionQuery = Type.Object({
  ...Paging,
  flowId: Type.Optional(Type.String({ pattern: '^[0-9]{0,18}$' })),
  formId: Type.Optional(Type.String({ pattern: '^[0-9]{0,18}$' })),
  recordId: Type.Optional(Type.String({ pattern: '^[0-9]{0,18}$' })),
  status: Type.Optional(Type.String({ maxLength: 16 })),
});

/** DESIGN.md §10.1 paths; shapes in docs/api.md (自动化). */
export function automationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, forms } = ctx;

  app.post('/api/automation/flow/save', { schema: { body: SaveBody }, config: { permission: FLOW_PERM, audit: { module: MODULE, action: '保存自动化' } } }, async (request) => {
    const body = request.body as Static<typeof SaveBody>;
    const saved = await saveFlow(db, forms, authOf(request), body);
    await writeAudit(db, request, { module: MODULE, action: '保存自动化', targetType: 'auto_flow', targetId: saved.id, detail: { flowName: body.flowName, version: saved.version } });
    return { errCode: 0, id: Number(saved.id), version: saved.version, nodeConfig: saved.nodeConfig, warnings: saved.warnings };
  });

  app.get('/api/automation/flow/getbyid/:id', { schema: { params: IdParams }, config: { permission: FLOW_PERM } }, async (request) => ({
    errCode: 0,
    flow: await getFlow(db, (request.params as Static<typeof IdParams>).id),
  }));

  app.get('/api/automation/flow/query', { schema: { querystring: FlowQuery }, config: { permission: FLOW_PERM } }, async (request) => {
    const q = request.query as Static<typeof FlowQuery>;
    return { errCode: 0, ...(await queryFlows(db, { ...q, formId: q.formId || undefined })) };
  });

  app.get(
    '/api/automation/flow/enable/:id',
    { schema: { params: IdParams, querystring: EnableQuery }, config: { permission: FLOW_PERM, mutates: true, audit: { module: MODULE, action: '启用或停用自动化' } } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      const status = Number((request.query as Static<typeof EnableQuery>).status) as 0 | 1;
      await setFlowStatus(db, id, status);
      await writeAudit(db, request, { module: MODULE, action: status === 1 ? '启用自动化' : '停用自动化', targetType: 'auto_flow', targetId: id });
      return { errCode: 0 };
    },
  );

  app.get(
    '/api/automation/flow/delete/:id',
    { schema: { params: IdParams }, config: { permission: FLOW_PERM, mutates: true, audit: { module: MODULE, action: '删除自动化' } } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      await deleteFlow(db, id);
      await writeAudit(db, request, { module: MODULE, action: '删除自动化', targetType: 'auto_flow', targetId: id });
      return { errCode: 0 };
    },
  );

  app.post('/api/automation/flow/dryrun', { schema: { body: DryRunBody }, config: { permission: FLOW_PERM, readOnly: true } }, async (request) => ({
    errCode: 0,
    ...(await dryRun(ctx, authOf(request), request.body as Static<typeof DryRunBody>)),
  }));

  app.get('/api/automation/execution/query', { schema: { querystring: ExecutionQuery }, config: { permission: EXECUTION_PERM } }, async (request) => {
    const q = request.query as Static<typeof ExecutionQuery>;
    if (q.status && !(EXECUTION_STATUSES as readonly string[]).includes(q.status)) throw badRequest('执行状态不合法');
    return { errCode: 0, ...(await queryExecutions(db, { ...q, flowId: q.flowId || undefined, formId: q.formId || undefined, recordId: q.recordId || undefined, status: q.status || undefined })) };
  });

  app.get('/api/automation/execution/getbyid/:id', { schema: { params: IdParams }, config: { permission: EXECUTION_PERM } }, async (request) => ({
    errCode: 0,
    ...(await getExecution(db, (request.params as Static<typeof IdParams>).id)),
  }));

  app.get(
    '/api/automation/execution/retry/:id',
    { schema: { params: IdParams }, config: { permission: EXECUTION_PERM, mutates: true, audit: { module: MODULE, action: '重试自动化执行' } } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      await retryExecution(db, id);
      await writeAudit(db, request, { module: MODULE, action: '重试自动化执行', targetType: 'auto_execution', targetId: id });
      return { errCode: 0 };
    },
  );
}
