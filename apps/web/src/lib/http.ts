import { BASE_PATH, PASSWORD_CHANGE_PATH } from '@park/core';
import { notifyError } from './feedback.ts';
import { rememberRedirect } from './pendingRedirect.ts';

/** The one HTTP client (DESIGN.md §6, spec 002 §8). */

export const DEFAULT_TIMEOUT_MS = 10_000;
export const LONG_TIMEOUT_MS = 120_000;

export const MSG_BACKEND_ERROR = '后台请求错误';
export const MSG_NETWORK_ERROR = '网络错误';
export const MSG_TIMEOUT = '请求超时';

export interface CallOptions {
  /** Do not show the error notification; the caller renders the error itself. */
  silent?: boolean;
  /** Imports, exports and other slow work get 120 s instead of 10 s. */
  long?: boolean;
  /** Cancels the call, e.g. react-query's signal when a query is dropped. */
  signal?: AbortSignal;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/**
 * api: the server answered with a non-zero errCode; http: a non-2xx status or an unreadable body;
 * network/timeout: no answer; aborted: the caller cancelled (never shown to the user).
 */
export type ApiErrorKind = 'api' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly errCode: number | string;
  readonly errMsg: string;
  /** The reply body, when there was one (e.g. a 400's `errors` list of field problems). */
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
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errMsg;
  return fallback;
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

/** errCode missing, empty or 0 means success (spec 002 §8). */
function isSuccessCode(code: unknown): boolean {
  return code === undefined || code === null || code === '' || code === 0 || code === '0';
}

function reported(error: ApiError, opts: CallOptions): ApiError {
  if (!opts.silent && error.kind !== 'aborted') notifyError(error.errMsg);
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
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function isSafeLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The session is gone: leave for the login page. The returned promise never settles, so no
 * caller flashes an error or an empty state while the browser is navigating away. */
function goToLogin(body: JsonObject): Promise<never> {
  const here = `${window.location.pathname}${window.location.search}`;
  const target =
    typeof body.redirect === 'string' && isSafeLocalPath(body.redirect)
      ? body.redirect
      : `${BASE_PATH}/login?redirect=${encodeURIComponent(here)}`;
  rememberRedirect(new URL(target, window.location.origin).searchParams.get('redirect'));
  window.location.assign(target);
  return new Promise<never>(() => undefined);
}

/**
 * The password is one the platform generated and the server answers nothing until it is changed
 * (issue 42): off to the change page, back here afterwards. Never settles, as goToLogin.
 */
function goToPasswordChange(): Promise<never> {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${BASE_PATH}${PASSWORD_CHANGE_PATH}?redirect=${encodeURIComponent(here)}`);
  return new Promise<never>(() => undefined);
}

interface RawReply {
  status: number;
  text: string;
}

async function exchange(
  method: 'GET' | 'POST',
  url: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  opts: CallOptions,
): Promise<RawReply> {
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

  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json, text/plain, */*',
  };
  if (contentType) headers['Content-Type'] = contentType;

  try {
    const res = await fetch(url, {
      method,
      body,
      headers,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    // Reading the body is still under the timeout: a stalled stream must not hang the caller.
    const text = await res.text();
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

/** Handles the replies every call shares: 401 no login, and any other non-2xx status. */
function checkStatus(reply: RawReply, body: unknown, opts: CallOptions): Promise<never> | null {
  const obj = isObject(body) ? body : undefined;
  if (reply.status === 401 && obj?.errorcode === 'no login') return goToLogin(obj);
  if (reply.status === 403 && obj?.errorcode === 'change password') return goToPasswordChange();
  if (reply.status >= 200 && reply.status < 300) return null;
  const errMsg = typeof obj?.errMsg === 'string' && obj.errMsg ? obj.errMsg : MSG_BACKEND_ERROR;
  const errCode =
    typeof obj?.errCode === 'number' || typeof obj?.errCode === 'string' ? obj.errCode : reply.status;
  throw reported(new ApiError('http', errMsg, reply.status, errCode, obj), opts);
}

function readReply<T>(reply: RawReply, opts: CallOptions): T | Promise<never> {
  const parsed = parseJson(reply.text);
  const leaving = checkStatus(reply, parsed, opts);
  if (leaving) return leaving;
  if (!isObject(parsed)) {
    throw reported(new ApiError('http', MSG_BACKEND_ERROR, reply.status), opts);
  }
  if (!isSuccessCode(parsed.errCode)) {
    const errMsg = typeof parsed.errMsg === 'string' && parsed.errMsg ? parsed.errMsg : MSG_BACKEND_ERROR;
    const errCode =
      typeof parsed.errCode === 'number' || typeof parsed.errCode === 'string' ? parsed.errCode : -1;
    throw reported(new ApiError('api', errMsg, reply.status, errCode, parsed), opts);
  }
  return parsed as T;
}

async function requestJson<T>(
  method: 'GET' | 'POST',
  url: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  opts: CallOptions,
): Promise<T> {
  const reply = await exchange(method, url, body, contentType, opts);
  return readReply<T>(reply, opts);
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
  return requestJson<T>(
    'POST',
    url,
    params.toString(),
    'application/x-www-form-urlencoded;charset=UTF-8',
    opts,
  );
}

/** For the few calls that answer with plain text (logout). */
export async function getText(url: string, query?: Query, opts: CallOptions = {}): Promise<string> {
  const reply = await exchange('GET', withQuery(url, query), undefined, undefined, opts);
  const leaving = checkStatus(reply, parseJson(reply.text), opts);
  if (leaving) return leaving;
  return reply.text;
}

export interface UploadOptions extends CallOptions {
  /** Percent of the request body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * A multipart upload. XMLHttpRequest rather than fetch, because only it reports upload progress;
 * replies are read exactly as the JSON calls' (errCode, 401 no login, notifications). Uploads get
 * the long timeout.
 */
export function upload<T>(url: string, body: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<RawReply>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = LONG_TIMEOUT_MS;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json, text/plain, */*');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(reported(new ApiError('network', MSG_NETWORK_ERROR), opts));
    };
    xhr.ontimeout = () => {
      done();
      reject(reported(new ApiError('timeout', MSG_TIMEOUT), opts));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError('aborted', '请求已取消'));
    };
    if (opts.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(body);
  }).then((reply) => readReply<T>(reply, opts));
}
