import type { FastifyInstance } from 'fastify';
import { SPECIAL_PAGES } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { contentDisposition } from '../file/worker.ts';
import { checkpointCodes, checkpointSheet } from './codes.ts';

/** 专项服务 › 巡检点二维码's calls, granted by the special page's permission. */
export function inspectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const codes = { permission: SPECIAL_PAGES.InspectionCodes!.perms };

  app.get('/api/inspection/checkpointCodes', { config: codes }, async (request) => ({ errCode: 0, data: await checkpointCodes(ctx, authOf(request)) }));

  app.get('/api/inspection/checkpointSheet', { config: codes }, async (request, reply) => {
    const { fileName, pdf } = await checkpointSheet(ctx, authOf(request), `${request.protocol}://${request.host}`);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(pdf);
  });
}
