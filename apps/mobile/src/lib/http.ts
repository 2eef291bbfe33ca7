import { MOBILE_BASE_PATH } from '@park/core';
import { showToast } from './toast.ts';
import { reportNetworkFailure, reportNetworkSuccess } from './network.ts';
import { currentRoute } from './paths.ts';
import { CALL_HEADERS, takeEarlyReply } from '../boot/earlyCalls.ts';

/**
 * The mobile client's one HTTP client: the desktop's rules (spec 002 §8: the errCode envelope,
 * 401 no login, 403 change password) with antd-mobile's Toast for errors and the network
 * state reported for the offline banner. Same calls, same session cookie as the desktop.
 */

export const DEFAULT_TIMEOUT_MS = 15_000;
export const LONG_TIMEOUT_MS = 120_000;

export const MSG_BACKEND_ERROR = '后台请求错误';
export const MSG_NETWORK_ERROR = '网络错误，请检查网络连接';
export const MSG_TIMEOUT = '请求超时，请稍后重试';

export interface CallOptions {
  /** No Toast: the caller shows the error itself. */
  silent?: boolean;
  long?: boolean;
  signal?: AbortSignal;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type ApiErrorKind = 'api' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly errCode: number | string;
  readonly errMsg: string;
  readonly body: unknown;

  constructor(kind: ApiErrorKind, errMsg: string, status = 0, errCode: number | string = -1, body?: unknown) {
    super(errMsg);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.errCode = errCode;
    this.errMsg = errMsg;
    this.body = body;
  }

  /** No answer came: the request may be tried again when the network is back. */
  get isNetwork(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.errMsg : fallback;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isSuccessCode(code: unknown): boolean {
  return code === undefined || code === null || code === '' || code === 0 || code === '0';
}

function reported(error: ApiError, opts: CallOptions): ApiError {
  if (error.isNetwork) reportNetworkFailure();
  if (!opts.silent && error.kind !== 'aborted') showToast({ icon: 'fail', content: error.errMsg });
  return error;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Set once the page is leaving: the first screen's calls answer 401 together, and one navigation is enough. */
let leaving = false;

/** The session is gone: to this app's login page (not the desktop's the server names), back here after. */
function goToLogin(): Promise<never> {
  if (!leaving) window.location.assign(`${MOBILE_BASE_PATH}/login?redirect=${encodeURIComponent(currentRoute())}`);
  leaving = true;
  return new Promise<never>(() => undefined);
}

/** A password the platform generated: changed first (issue 42), back here after. */
function goToPasswordChange(): Promise<never> {
  if (!leaving) window.location.assign(`${MOBILE_BASE_PATH}/changePassword?redirect=${encodeURIComponent(currentRoute())}`);
  leaving = true;
  return new Promise<never>(() => undefined);
}

interface RawReply {
  status: number;
  text: string;
}

/** The answer index.html already asked for (boot/earlyCalls.ts); null when it asked none or got none. */
async function earlyReply(method: 'GET' | 'POST', url: string, body: BodyInit | undefined): Promise<RawReply | null> {
  const early = takeEarlyReply(window, method, url, typeof body === 'string' ? body : undefined);
  if (!early) return null;
  try {
    const reply = await early;
    reportNetworkSuccess();
    return reply;
  } catch {
    // No answer reached the page: it asks again itself, with its timeout and messages.
    return null;
  }
}

async function exchange(method: 'GET' | 'POST', url: string, body: BodyInit | undefined, contentType: string | undefined, opts: CallOptions): Promise<RawReply> {
  const early = await earlyReply(method, url, body);
  if (early) return early;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    opts.long ? LONG_TIMEOUT_MS : DEFAULT_TIMEOUT_MS,
  );
  const onCallerAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const headers: Record<string, string> = { ...CALL_HEADERS };
  if (contentType) headers['Content-Type'] = contentType;
  try {
    const res = await fetch(url, { method, body, headers, credentials: 'same-origin', signal: controller.signal });
    const text = await res.text();
    reportNetworkSuccess();
    return { status: res.status, text };
  } catch {
    if (timedOut) throw reported(new ApiError('timeout', MSG_TIMEOUT), opts);
    if (opts.signal?.aborted) throw new ApiError('aborted', '请求已取消');
    throw reported(new ApiError('network', MSG_NETWORK_ERROR), opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function checkStatus(reply: RawReply, body: unknown, opts: CallOptions): Promise<never> | null {
  const obj = isObject(body) ? body : undefined;
  if (reply.status === 401 && obj?.errorcode === 'no login') return goToLogin();
  if (reply.status === 403 && obj?.errorcode === 'change password') return goToPasswordChange();
  if (reply.status >= 200 && reply.status < 300) return null;
  const errMsg = typeof obj?.errMsg === 'string' && obj.errMsg ? obj.errMsg : MSG_BACKEND_ERROR;
  const errCode = typeof obj?.errCode === 'number' || typeof obj?.errCode === 'string' ? obj.errCode : reply.status;
  throw reported(new ApiError('http', errMsg, reply.status, errCode, obj), opts);
}

function readReply<T>(reply: RawReply, opts: CallOptions): T | Promise<never> {
  const parsed = parseJson(reply.text);
  const leaving = checkStatus(reply, parsed, opts);
  if (leaving) return leaving;
  if (!isObject(parsed)) throw reported(new ApiError('http', MSG_BACKEND_ERROR, reply.status), opts);
  if (!isSuccessCode(parsed.errCode)) {
    const errMsg = typeof parsed.errMsg === 'string' && parsed.errMsg ? parsed.errMsg : MSG_BACKEND_ERROR;
    const errCode = typeof parsed.errCode === 'number' || typeof parsed.errCode === 'string' ? parsed.errCode : -1;
    throw reported(new ApiError('api', errMsg, reply.status, errCode, parsed), opts);
  }
  return parsed as T;
}

async function requestJson<T>(method: 'GET' | 'POST', url: string, body: BodyInit | undefined, contentType: string | undefined, opts: CallOptions): Promise<T> {
  return readReply<T>(await exchange(method, url, body, contentType, opts), opts);
}

export function get<T>(url: string, query?: Query, opts: CallOptions = {}): Promise<T> {
  return requestJson<T>('GET', withQuery(url, query), undefined, undefined, opts);
}

export function postJson<T>(url: string, body: unknown, opts: CallOptions = {}): Promise<T> {
  return requestJson<T>('POST', url, JSON.stringify(body), 'application/json;charset=UTF-8', opts);
}

/** A list value is sent as the key repeated (`idList=1&idList=2`), as the original client does. */
export function postForm<T>(url: string, fields: Record<string, QueryValue | readonly QueryValue[]>, opts: CallOptions = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(fields)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value === undefined || value === null) continue;
      params.append(key, String(value));
    }
  }
  return requestJson<T>('POST', url, params.toString(), 'application/x-www-form-urlencoded;charset=UTF-8', opts);
}

/** For the few calls that answer with plain text (logout). */
export async function getText(url: string, query?: Query, opts: CallOptions = {}): Promise<string> {
  const reply = await exchange('GET', withQuery(url, query), undefined, undefined, opts);
  const leaving = checkStatus(reply, parseJson(reply.text), opts);
  if (leaving) return leaving;
  return reply.text;
}

/** A multipart upload (photos, signatures): the long timeout, replies read as the JSON calls'. */
export async function upload<T>(url: string, body: FormData, opts: CallOptions = {}): Promise<T> {
  return readReply<T>(await exchange('POST', url, body, undefined, { ...opts, long: true }), opts);
}
