import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';
import { publishDesign } from './formDesign.service.ts';

// Named here before formDesign.service.ts existed.
export { checkedDesign } from './formDesign.service.ts';

const DesignBody = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  formMeta: Type.Unknown(),
});

export function designRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/api/form/saveformdesign',
    { schema: { body: DesignBody }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const body = request.body as Static<typeof DesignBody>;
      const formId = parseFormId(body.formId);
      return { errCode: 0, ...(await publishDesign(ctx, request, formId, body.formMeta)) };
    },
  );
}
