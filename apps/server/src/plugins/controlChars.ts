import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/*
 * Control characters in request text (issue 15 §4). PostgreSQL refuses NUL in text, so a "\u0000" in
 * any field, query or path reached it as a 500 with a stack trace in the log: anyone could flood the
 * error log. Every request passes here once its body and query are parsed, before any handler:
 * C0 controls and DEL are refused with a 400; tab, line feed and carriage return are text and stay
 * (each field's own rules decide whether it allows several lines).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHAR_TEXT = '请求内容含有不允许的控制字符';
/* Deep JSON is refused by the handlers' own rules; this walk only has to end. */
const MAX_DEPTH = 32;

export function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => hasControlChars(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  // for…in without Object.entries: this runs on every request body, allocation-free.
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    if (CONTROL.test(k) || hasControlChars(record[k], depth + 1)) return true;
  }
  return false;
}

export interface RouteEntry {
  method: string;
  url: string;
}
const ROUTES = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route registered after the guard: the list its tests go through, so none is left out. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return ROUTES.get(app) ?? [];
}

export function registerControlCharGuard(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (hasControlChars(request.query) || hasControlChars(request.params) || hasControlChars(request.body)) {
      request.log.info({ url: request.routeOptions.url }, 'control characters refused');
      return reply.status(400).send(errorBody(400, CONTROL_CHAR_TEXT));
    }
  });
}
