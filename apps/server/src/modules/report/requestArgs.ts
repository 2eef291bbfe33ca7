import type { FastifyRequest } from 'fastify';

/** GET reads the query string, POST the body: the origin client uses both for these reads. */
export function argsOf(request: FastifyRequest): Record<string, unknown> {
  return { ...(request.query as object), ...(typeof request.body === 'object' && request.body !== null ? (request.body as object) : {}) };
}
