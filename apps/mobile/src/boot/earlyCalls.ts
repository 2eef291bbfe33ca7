/**
 * The first screen's calls, started by index.html itself (issue 37 "Speed", ADR 0062).
 *
 * On Fast 3G a round trip costs half a second and the first load's JavaScript another 1.3 s on the
 * wire. Started from the main code, the workbench's calls only left once all of it had arrived and
 * run; started here, inlined into index.html's head by the build (apps/mobile/inlineBoot.ts), they
 * travel while the code downloads. The http client takes each answer once (`takeEarlyReply`), as
 * though it had asked itself: same URL, same headers, same body, the same 401 handling after.
 *
 * Self-contained on purpose (no imports): the build inlines this file alone, before any bundle.
 */

/** One call the first screen of a route makes, exactly as the http client would send it. */
export interface EarlyCall {
  method: 'GET' | 'POST';
  url: string;
  /** The JSON text of a POST's body. */
  body?: string;
}

interface EarlyReply {
  status: number;
  text: string;
}

interface Pending {
  at: number;
  reply: Promise<EarlyReply>;
}

/** Where index.html leaves the calls in flight (window.__parkEarlyCalls). */
export const EARLY_CALLS_GLOBAL = '__parkEarlyCalls';

/** An answer the page did not take within this long is not used (the page went elsewhere, the data moved on). */
export const EARLY_FRESH_MS = 15_000;

/** The headers the http client sends with every call (lib/http.ts). */
export const CALL_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json, text/plain, */*' };
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

export const GET_USER_URL = '/api/user/getUser';
export const MENUS_URL = '/api/user/listRouter/1';
export const MY_WORKBENCH_URL = '/api/micro/workbench/myWorkbench?client=mobile';
export const WAIT_DONE_COUNT_URL = '/api/flow/queryWatiDoneTaskCount';
export const UNREAD_MSG_COUNT_URL = '/api/msg/unreadmsgcountself';
export const NOTICE_UNREAD_URL = '/api/notice/unread';
export const QUERY_FORM_DATA_URL = '/api/form/queryformdata';
export const formDefinitionUrl = (formId: number) => `/api/form/formconf/getbyid/${formId}`;

/** A form's mobile list: pages of 20, newest first. */
export const MOBILE_LIST_PAGE_SIZE = 20;

/** queryformdata's body for the mobile list: the desktop list's call, newest first. */
export const listBody = (formId: number, pageNum: number, pageSize: number, queryConditions: unknown[]) => ({
  formId,
  pageNum,
  pageSize,
  queryConditions,
  sort: [{ key: 'id', sort: 'desc' }],
});

export const earlyKey = (method: string, url: string, body?: string) => `${method} ${url}${body === undefined ? '' : ` ${body}`}`;

/** `/form/:id`, a form's list; the id captured. */
const FORM_LIST_ROUTE = /^\/form\/(\d+)\/?$/;

/**
 * What a route's first screen asks, by its path under the app's base. The login pages and a
 * scanned code's first page (免登录填报) ask nothing: they need no session.
 */
/** The address under the app's base ('/' for the base itself): what the routes are matched on. */
export function routeOf(pathname: string, base: string): string {
  return pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}

export function firstCalls(pathname: string, base: string): EarlyCall[] {
  const route = routeOf(pathname, base);
  if (/^\/(login|changePassword)(\/|$)/.test(route)) return [];
  if (/^\/qr\/[^/]+\/?$/.test(route)) return [];
  const user: EarlyCall = { method: 'GET', url: GET_USER_URL };
  if (route === '/') {
    return [user, ...[MY_WORKBENCH_URL, WAIT_DONE_COUNT_URL, UNREAD_MSG_COUNT_URL, NOTICE_UNREAD_URL, MENUS_URL].map((url): EarlyCall => ({ method: 'GET', url }))];
  }
  const formList = FORM_LIST_ROUTE.exec(route);
  if (formList) {
    const formId = Number(formList[1]);
    return [
      user,
      { method: 'GET', url: formDefinitionUrl(formId) },
      { method: 'POST', url: QUERY_FORM_DATA_URL, body: JSON.stringify(listBody(formId, 1, MOBILE_LIST_PAGE_SIZE, [])) },
    ];
  }
  return [user];
}

type EarlyWindow = { [EARLY_CALLS_GLOBAL]?: Map<string, Pending> };

/** Whether the address is a form's list (`/form/:id`), the one route whose page code index.html fetches too. */
export function isFormListRoute(pathname: string, base: string): boolean {
  return FORM_LIST_ROUTE.test(routeOf(pathname, base));
}

/**
 * A form list opened from a link (a shared address, a desktop QR code) needs its page's files on top
 * of the first script; the main code would only ask for them once it has arrived and run, one more
 * round trip later. Asked here they travel beside it. Scripts as modulepreload (Vite's loader then
 * finds them and asks nothing more), stylesheets as preload (its own <link rel=stylesheet> is then
 * served from the cache); crossorigin as Vite's loader sets it, so the two are the same request.
 */
export function preloadFiles(doc: Document, files: readonly string[]): void {
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * Run by index.html: the route's calls leave now; their answers wait in the window for the http
 * client. `formListFiles`: the form list page's files, named by the build (inlineBoot.ts).
 */
export function startEarlyCalls(win: Window, base: string, formListFiles: readonly string[] = []): void {
  const pending = new Map<string, Pending>();
  (win as unknown as EarlyWindow)[EARLY_CALLS_GLOBAL] = pending;
  for (const call of firstCalls(win.location.pathname, base)) {
    const headers: Record<string, string> = { ...CALL_HEADERS };
    if (call.body !== undefined) headers['Content-Type'] = JSON_CONTENT_TYPE;
    const reply = win
      .fetch(call.url, { method: call.method, body: call.body, headers, credentials: 'same-origin' })
      .then(async (res) => ({ status: res.status, text: await res.text() }));
    // Nobody may take it: a failure is not an unhandled rejection (the client then asks itself).
    reply.catch(() => undefined);
    pending.set(earlyKey(call.method, call.url, call.body), { at: Date.now(), reply });
  }
  // After the calls: the browser opens six connections to a server speaking HTTP/1.1, and what is
  // asked first gets them. The session and the form's design, asked after the page's six files,
  // waited for a connection and a second round trip (1.6 s on Fast 3G against 0.6 s for the first).
  if (formListFiles.length > 0 && isFormListRoute(win.location.pathname, base)) preloadFiles(win.document, formListFiles);
}

/** The answer index.html asked for this very call, once; undefined when it asked none or it is too old. */
export function takeEarlyReply(win: Window, method: string, url: string, body?: string): Promise<EarlyReply> | undefined {
  const pending = (win as unknown as EarlyWindow)[EARLY_CALLS_GLOBAL];
  if (!pending) return undefined;
  const key = earlyKey(method, url, body);
  const hit = pending.get(key);
  pending.delete(key);
  return hit && Date.now() - hit.at < EARLY_FRESH_MS ? hit.reply : undefined;
}
