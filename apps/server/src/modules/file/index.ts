import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { filePreviewRoutes } from './preview.routes.ts';
import { fileTransferRoutes } from './routes.ts';
import { FileService } from './service.ts';

/**
 * The file module's face: upload, info and download (routes.ts) and previews (preview.routes.ts),
 * both over one FileService per app.
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const files = new FileService(ctx);
  fileTransferRoutes(app, ctx, files);
  filePreviewRoutes(app, ctx, files);
}
