import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { checkReadiness } from './health.ts';
import { createMetrics } from './metrics.ts';

const OK = { status: 'ok' };
const NOT_OK = { status: 'not ok' };

/** Constant-time comparison of the presented bearer token with METRICS_TOKEN. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const presented = header.startsWith('Bearer ') ? header.slice(7) : '';
  const a = crypto.createHash('sha256').update(presented).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return presented.length > 0 && crypto.timingSafeEqual(a, b);
}

/**
 * For monitors and load balancers (issue 28), outside /api so they need no session:
 * /healthz (the process answers), /readyz (it can serve), /metrics (Prometheus text, only with
 * `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN it does not exist).
 * Registered before the feature routes so the request histogram sees every route.
 */
export function opsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.ops.metricsToken;
  const registry = token ? createMetrics(app, ctx.db, ctx.pool) : null;

  app.get('/healthz', async () => OK);

  app.get('/readyz', async (request, reply) => {
    const readiness = await checkReadiness(ctx.db, () => ctx.jobs !== undefined);
    if (readiness.ready) return OK;
    if (readiness.unreachable) app.dbOutage.failed(readiness.unreachable);
    else request.log.warn({ reason: readiness.reason }, 'not ready');
    return reply.status(503).send(NOT_OK);
  });

  if (!registry) return;
  app.get('/metrics', async (request, reply) => {
    if (!hasToken(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ errCode: 401, errMsg: '需要有效的监控令牌' });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
