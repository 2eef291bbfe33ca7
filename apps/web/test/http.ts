/**
 * The one boundary the component tests replace: the network under apps/web/src/lib/http.ts.
 * `fetch` (JSON calls) and `XMLHttpRequest` (uploads) answer from a table of routes, so the
 * real client still builds the URLs, sends the headers and reads errCode, exactly as in the
 * browser. The real server is exercised by the e2e specs (e2e/specs/form-runtime.spec.ts).
 */
import { vi } from 'vitest';

export interface HttpCall {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  /** A form-encoded or JSON body as fields; a multipart body as its FormData. */
  body: URLSearchParams | FormData | unknown;
  headers: Record<string, string>;
}

/** A JSON reply body. */
export type Reply = Record<string, unknown>;

/** A reply, or a function of the call giving one. */
export type Route = Reply | ((call: HttpCall) => Reply);

/** Keys are "GET /api/path" or "POST /api/path"; a path ending in `*` matches by prefix. */
export type Routes = Record<string, Route>;

export interface HttpStub {
  calls: HttpCall[];
  /** The calls to one "METHOD /path". */
  to(key: string): HttpCall[];
}

function find(routes: Routes, method: string, path: string): Route | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact !== undefined) return exact;
  for (const [key, route] of Object.entries(routes)) {
    if (!key.endsWith('*')) continue;
    const [m, prefix] = key.slice(0, -1).split(' ');
    if (m === method && prefix !== undefined && path.startsWith(prefix)) return route;
  }
  return undefined;
}

function answer(routes: Routes, call: HttpCall): { status: number; text: string } {
  const route = find(routes, call.method, call.path);
  if (route === undefined)
    return {
      status: 404,
      text: JSON.stringify({ errCode: 404, errMsg: `no stub for ${call.method} ${call.path}` }),
    };
  const body = typeof route === 'function' ? route(call) : route;
  return { status: 200, text: JSON.stringify(body) };
}

function parseBody(body: unknown, contentType: string | undefined): HttpCall['body'] {
  if (typeof body !== 'string') return body;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body);
  if (contentType?.startsWith('application/json')) return JSON.parse(body) as unknown;
  return body;
}

/** Replaces fetch and XMLHttpRequest for this test; vitest's unstubAllGlobals restores them. */
export function stubHttp(routes: Routes): HttpStub {
  const calls: HttpCall[] = [];

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const call: HttpCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: parseBody(init.body, headers['Content-Type']),
      headers,
    };
    calls.push(call);
    const reply = answer(routes, call);
    return new Response(reply.text, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  class XhrStub {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(body: unknown) {
      const url = new URL(this.url, window.location.origin);
      const call: HttpCall = {
        method: this.method,
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: this.headers,
      };
      calls.push(call);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        const reply = answer(routes, call);
        this.status = reply.status;
        this.responseText = reply.text;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', XhrStub);

  return {
    calls,
    to: (key) => {
      const [method, path] = key.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}
