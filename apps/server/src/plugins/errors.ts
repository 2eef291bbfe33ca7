import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { isDatabaseUnavailable, OutageLog } from '../db/outage.ts';

export { isDatabaseUnavailable } from '../db/outage.ts';

/**
 * An error whose message is safe to show to the user. Anything else that escapes a handler is
 * logged in full and answered with a generic 500, so stacks and SQL never reach a reply.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errCode: number = statusCode,
    /** Field-level detail for the client, e.g. [{model, message}] from form validation. */
    readonly errors?: unknown[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const forbidden = (msg = '您无权执行此操作') => new AppError(403, msg);
export const notFound = (msg = '数据不存在或已被删除') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooManyRequests = (msg: string) => new AppError(429, msg);

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: '请求参数不合法',
  401: '请重新登录',
  403: '您无权执行此操作',
  404: '请求的资源不存在',
  405: '请求方法不被允许',
  406: '不支持的响应格式',
  408: '请求超时',
  409: '数据已被他人修改，请刷新后重试',
  413: '提交的内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
};
const INTERNAL = '服务器内部错误，请稍后重试或联系管理员';
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后再试';

/**
 * Refusals the database itself raises with a message meant for the user: SQLSTATE class PK, the
 * rest of the code being the HTTP status (PK409: a record under approval, ADR 0026).
 */
export function databaseRefusal(err: unknown): AppError | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^PK4\d\d$/.test(code)) return null;
  const status = Number(code.slice(2));
  return new AppError(status, (err as Error).message);
}

export function errorBody(statusCode: number, errMsg: string, errCode = statusCode) {
  return { errCode, errMsg };
}

function describeFrameworkError(error: FastifyError): { status: number; message: string } | null {
  const status = error.statusCode;
  if (!status || status >= 500) return null;
  if (error.validation) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, '') || (first?.params as { missingProperty?: string })?.missingProperty;
    return { status: 400, message: field ? `请求参数不合法: ${field}` : MESSAGES_BY_STATUS[400]! };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, message: '请求体不是有效的JSON' };
  }
  return { status, message: MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]! };
}

/**
 * What a caller is told about an error: an AppError's own message, a framework rejection's or the
 * database being down; anything else is logged in full and told only INTERNAL. Also used for the
 * parts of a reply that fail on their own (a batch of report widgets).
 */
export function describeError(
  error: unknown,
  log: FastifyRequest['log'],
  /** The app's outage log: with it, the database being down warns once a minute rather than per call. */
  outage?: OutageLog,
): { status: number; body: ReturnType<typeof errorBody> & { errors?: unknown[] } } {
  const refusal = databaseRefusal(error);
  if (refusal) return { status: refusal.statusCode, body: errorBody(refusal.statusCode, refusal.message) };
  if (error instanceof AppError) {
    if (error.statusCode >= 500) log.error({ err: error }, 'application error');
    const body = errorBody(error.statusCode, error.message, error.errCode);
    return { status: error.statusCode, body: error.errors ? { ...body, errors: error.errors } : body };
  }
  const known = typeof error === 'object' && error !== null ? describeFrameworkError(error as FastifyError) : null;
  if (known) {
    log.info({ code: (error as FastifyError).code, status: known.status }, 'request rejected');
    return { status: known.status, body: errorBody(known.status, known.message) };
  }
  if (isDatabaseUnavailable(error)) {
    // The database is down or restarting: not the request's fault, and not a stack (or a line) per call.
    if (outage) outage.failed(error);
    else log.warn({ code: (error as { code?: unknown }).code, message: (error as Error).message }, 'database unavailable');
    return { status: 503, body: errorBody(503, DATABASE_UNAVAILABLE) };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: errorBody(500, INTERNAL) };
}

/**
 * The one error handler, and the app's OutageLog (`app.dbOutage`, for the parts of replies that
 * describe their own errors). The outage ends when the pool connects again: a reply that did not
 * fail proves nothing, since sessions and designs are answered from memory.
 */
export function registerErrorHandler(app: FastifyInstance, pool?: pg.Pool): void {
  const outage = new OutageLog(app.log, 'http');
  app.decorate('dbOutage', outage);
  if (pool) {
    const reached = () => outage.reached();
    pool.on('connect', reached);
    app.addHook('onClose', async () => void pool.off('connect', reached));
  }
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = describeError(error, request.log, outage);
    return reply.status(status).send(body);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    dbOutage: OutageLog;
  }
}
