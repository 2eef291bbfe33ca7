import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { Recipient } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { deleteIdleFlow, previewRecipients, queryFlowsWithRuns, usersByIds } from './designerService.ts';

/** The designer's calls (issue 19) sit beside the engine's (routes.ts) under the same grant. */
const FLOW_PERM = 'automation:flow';
const MODULE = '自动化';

const Id = Type.String({ pattern: '^[1-9][0-9]{0,17}$' });
const IdOrNumber = Type.Union([Type.Integer({ minimum: 1 }), Id]);
const FlowQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  flowName: Type.Optional(Type.String({ maxLength: 100 })),
  formId: Type.Optional(Type.String({ pattern: '^[0-9]{0,18}$' })),
});
const PreviewBody = Type.Object({
  formId: IdOrNumber,
  businessId: IdOrNumber,
  recipient: Type.Object({ type: Type.Integer({ minimum: 0, maximum: 9 }) }, { additionalProperties: true }),
});
const UsersQuery = Type.Object({ ids: Type.String({ pattern: '^[0-9,]{0,4000}$' }) });

export function automationDesignerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/automation/designer/flows', { schema: { querystring: FlowQuery }, config: { permission: FLOW_PERM } }, async (request) => {
    const q = request.query as Static<typeof FlowQuery>;
    return { errCode: 0, ...(await queryFlowsWithRuns(db, { ...q, formId: q.formId || undefined })) };
  });

  app.get(
    '/api/automation/designer/delete/:id',
    { schema: { params: Type.Object({ id: Id }) }, config: { permission: FLOW_PERM, mutates: true, audit: { module: MODULE, action: '删除自动化' } } },
    async (request) => {
      const { id } = request.params as { id: string };
      await deleteIdleFlow(db, id);
      await writeAudit(db, request, { module: MODULE, action: '删除自动化', targetType: 'auto_flow', targetId: id });
      return { errCode: 0 };
    },
  );

  app.post('/api/automation/designer/recipientPreview', { schema: { body: PreviewBody }, config: { permission: FLOW_PERM, readOnly: true } }, async (request) => {
    const body = request.body as Static<typeof PreviewBody>;
    const preview = await previewRecipients(ctx, authOf(request), {
      formId: String(body.formId),
      businessId: String(body.businessId),
      recipient: body.recipient as unknown as Recipient,
    });
    return { errCode: 0, ...preview };
  });

  app.get('/api/automation/designer/users', { schema: { querystring: UsersQuery }, config: { permission: FLOW_PERM } }, async (request) => ({
    errCode: 0,
    users: await usersByIds(db, (request.query as Static<typeof UsersQuery>).ids.split(',')),
  }));
}
