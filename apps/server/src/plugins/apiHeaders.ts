import type { FastifyInstance } from 'fastify';

/** The JSON API's paths (the rest are the built clients' pages and files). */
export const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/apc/');

/**
 * JSON calls need only two of helmet's headers: nosniff, and no-store so authenticated data is
 * never kept by a shared cache. Helmet builds its middleware per request, which cost a third of
 * getUser's throughput, so it is kept for pages and files and skipped for the API.
 * Must be registered before @fastify/helmet, whose onRoute hook reads `helmet: false`.
 */
export function registerApiHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApi(route.url) && (route as { helmet?: unknown }).helmet === undefined) {
      (route as { helmet?: unknown }).helmet = false;
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
