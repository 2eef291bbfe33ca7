import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { parseFormId } from '../form/index.ts';
import { importsWithErrors } from './importErrors.repo.ts';

const Params = Type.Object({ formId: Type.String({ maxLength: 20 }) });

/**
 * GET /api/form/importErrors/{formId} (issue 26): the caller's own recent imports into the form
 * whose rejected rows can still be downloaded ({code}_error.xlsx), so a browser that blocked the
 * automatic download loses nothing. Only the caller's jobs: the same rule as the download itself.
 */
export function importErrorsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/form/importErrors/:formId', { schema: { params: Params } }, async (request) => {
    const formId = parseFormId((request.params as Static<typeof Params>).formId);
    const jobs = await importsWithErrors(ctx.db, formId, authOf(request).userId);
    return {
      errCode: 0,
      datas: jobs.map((j) => ({ code: j.code, okRows: j.okRows, badRows: j.badRows, finishTime: formatDateTime(j.finishTime) })),
    };
  });
}
