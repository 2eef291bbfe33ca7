import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { previewAppFormData } from './appPreview.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';

const PreviewBody = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  tableItem: Type.Optional(Type.Unknown()),
  queryConditions: Type.Optional(Type.Unknown()),
});

/** The designer's 移动端列表 phone preview (issue 37): a designer's call, like previewQueryFormDataV2. */
export function appPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/api/form/previewQueryAppFormData',
    { schema: { body: PreviewBody }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => previewAppFormData(ctx, request, request.body as Static<typeof PreviewBody>),
  );
}
