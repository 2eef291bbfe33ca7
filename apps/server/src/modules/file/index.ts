import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { filePreviewRoutes } from './preview.routes.ts';
import { fileTransferRoutes } from './routes.ts';

/**
 * The file module's face (issue 45, ADR 0033): other modules, app.ts, bootstrap.ts and the jobs
 * import the module only through this file (a job thread through worker.ts, re-exported here).
 * It gives the routes, the one FileService per app context (ctx.files), the read checks and
 * references the form module keeps its files with, and the jobs that collect and preview files.
 */
export * from './worker.ts';
export { unreadableFileIds } from './access.ts';
export { FILE_NOT_FOUND, FileService, type Pending } from './service.ts';
export type { FileHolders } from './holders.ts';
export { registerFileGc } from './gc.ts';
export { registerFilePreviewJobs } from './preview.ts';

/** Upload, info and download (routes.ts) and previews (preview.routes.ts), over ctx.files. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  fileTransferRoutes(app, ctx, ctx.files);
  filePreviewRoutes(app, ctx, ctx.files);
}
