import { companyScopeOf } from './scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by writeAudit, so the safety net below does not log the call a second time. */
    audited: boolean;
  }
  interface FastifyContextConfig {
    /** How the operation log names this call; used for failures and calls that log nothing themselves. */
    audit?: { module: string; action: string };
    /** A POST that only reads (a query with a JSON body): not an operation to log. */
    readOnly?: boolean;
  }
}

export interface AuditEntry {
  action: string;
  /** The area, e.g. 用户管理; defaults to the route's `config.audit.module`, then to one derived from the URL. */
  module?: string;
  targetType?: string;
  targetId?: string | number | null;
  /** For updates and deletes: the previous values. Secrets are removed and values truncated here. */
  detail?: unknown;
  /** For calls made before a session exists (login): who it was about. */
  actor?: { userId: string | null; username: string | null };
  /** 0 success (the default), 1 failure. */
  result?: 0 | 1;
  errMsg?: string | null;
}

/** Each logged value is at most this many bytes of UTF-8 (issue 5 §8). */
export const MAX_VALUE_BYTES = 8 * 1024;
const MAX_ARRAY_ITEMS = 200;
const MAX_DEPTH = 6;
const REDACTED = '[已隐藏]';
/* Anything that looks like a credential is never logged, whatever the caller passes. */
const SECRET_KEY = /pass|pwd|secret|token|sealed|cookie|nonce|hash|^ps\d*$|private|credential/i;

/** Cuts a string to `max` bytes of UTF-8 without splitting a character, and says so. */
export function truncateUtf8(text: string, max = MAX_VALUE_BYTES): string {
  if (Buffer.byteLength(text, 'utf8') <= max) return text;
  const marker = '…[已截断]';
  const room = max - Buffer.byteLength(marker, 'utf8');
  const cut = Buffer.from(text, 'utf8').subarray(0, room).toString('utf8').replace(/\uFFFD+$/, '');
  return cut + marker;
}

/**
 * Makes a value safe to log: credentials replaced, strings cut to 8 KB, long arrays and deep
 * nesting trimmed, and anything that is not plain JSON (functions, buffers) encoded as text.
 */
export function sanitizeForLog(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return truncateUtf8(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} 字节]`;
  if (depth >= MAX_DEPTH) return truncateUtf8(JSON.stringify(value) ?? '');
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ARRAY_ITEMS).map((v) => sanitizeForLog(v, depth + 1));
    if (value.length > MAX_ARRAY_ITEMS) items.push(`…共 ${value.length} 项`);
    return items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEY.test(k) ? REDACTED : sanitizeForLog(v, depth + 1);
    }
    return out;
  }
  return truncateUtf8(String(value));
}

const MODULE_BY_PREFIX: Array<[string, string]> = [
  ['/apc/login', '登录'],
  ['/apc/logout', '登录'],
  ['/api/file/', '文件'],
  ['/api/msg/', '消息'],
  ['/api/form/', '表单'],
  ['/api/flow/', '流程'],
  ['/api/company/', '企业'],
  ['/apc/company/', '企业'],
];

function moduleOf(request: FastifyRequest, explicit?: string): string {
  if (explicit) return explicit;
  const configured = request.routeOptions?.config?.audit?.module;
  if (configured) return configured;
  return MODULE_BY_PREFIX.find(([prefix]) => request.url.startsWith(prefix))?.[1] ?? '其他';
}

/**
 * The operation-log row for an entry, for callers that write it as part of a larger statement.
 * The request counts as logged from here on, so the onSend safety net adds no second row (if the
 * statement fails, the reply is an error and the failure is logged instead).
 */
export function auditRow(request: FastifyRequest, entry: AuditEntry) {
  request.audited = true;
  const actor = entry.actor ?? {
    userId: request.auth?.userId ?? null,
    username: request.auth?.user.username ?? null,
  };
  return {
      user_id: actor.userId,
      username: actor.username,
      module: moduleOf(request, entry.module),
      action: truncateUtf8(entry.action, 200),
      target_type: entry.targetType ?? null,
      target_id: entry.targetId == null ? null : truncateUtf8(String(entry.targetId), 1000),
      detail: entry.detail === undefined ? null : JSON.stringify(sanitizeForLog(entry.detail)),
      ip: request.ip,
      result: entry.result ?? 0,
      err_msg: entry.errMsg ? truncateUtf8(entry.errMsg, 1000) : null,
      // A tenant's user's actions are its tenant's log (issue 36); the park's carry none.
      company_id: request.auth ? companyScopeOf(request.auth) : null,
  };
}

/** Writes one operation-log row; pass the transaction so the log commits with the change. */
export async function writeAudit(db: Kysely<Database>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insertInto('sys_operation_log').values(auditRow(request, entry)).execute();
  request.audited = true;
}

/* POSTs named as reads in the catalogue (queryFormDataByConditions, previewreportdata…) carry a
   JSON query, not a change. */
const READ_NAME = /^(query|list|preview|get|check|count)/i;

function isReadOnly(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.readOnly) return true;
  const segments = (request.routeOptions.url ?? '').split('/').filter((s) => s && !s.startsWith(':'));
  return READ_NAME.test(segments[segments.length - 1] ?? '');
}

function errMsgOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as { errMsg?: unknown };
    return typeof body.errMsg === 'string' ? body.errMsg : null;
  } catch {
    return null;
  }
}

function targetIdOf(request: FastifyRequest): string | null {
  const body = request.body as { id?: unknown } | undefined;
  const query = request.query as { id?: unknown } | undefined;
  const id = (body && typeof body === 'object' ? body.id : undefined) ?? query?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * Every mutating call is logged (issue 5 §8). A handler logs its own success inside its
 * transaction with writeAudit; this hook logs what handlers cannot: refusals and failures
 * (whose transaction rolled back), every 403, and any successful change whose handler wrote
 * no row. It runs before the reply is sent, so the row exists when the caller sees the answer.
 */
export function registerAudit(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('audited', false);
  // Callback style: most answers (every successful read) need no row, and must not pay a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.auth || !request.url.startsWith('/api/')) return done(null, payload);
    const config = request.routeOptions.config;
    const mutating =
      ((request.method !== 'GET' && request.method !== 'HEAD') || config?.mutates === true) && !isReadOnly(request);
    const status = reply.statusCode;
    const failed = status >= 400 && (mutating || status === 403);
    const unlogged = status < 400 && mutating && !request.audited;
    if (!failed && !unlogged) return done(null, payload);
    writeAudit(db, request, {
      action: config?.audit?.action ?? `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      targetId: targetIdOf(request),
      result: failed ? 1 : 0,
      errMsg: failed ? (errMsgOf(payload) ?? `HTTP ${status}`) : null,
    })
      .catch((err: unknown) => request.log.error({ err }, 'operation log write failed'))
      .finally(() => done(null, payload));
  });
}
