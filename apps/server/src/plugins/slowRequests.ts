import type { FastifyInstance } from 'fastify';

/**
 * Logs, at warn level, every request the server took longer than `thresholdMs` to answer: its
 * method, route, status and time. At LOG_LEVEL warn (production's quiet setting, and the e2e
 * server's) ordinary requests are not logged, and these are the ones an operator or a failing
 * browser test needs: was a call that timed out in the browser slow here, or never seen here?
 */
export function registerSlowRequestLog(app: FastifyInstance, thresholdMs: number): void {
  if (thresholdMs <= 0) return;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms < thresholdMs) return done();
    request.log.warn(
      { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0], status: reply.statusCode, ms: Math.round(ms) },
      'slow request',
    );
    done();
  });
}
