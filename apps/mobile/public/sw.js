// @ts-check
/* global self, caches -- a service worker's globals (the lint config knows browsers and Node only) */
/// <reference lib="webworker" />
/**
 * The mobile client's service worker (issue 37 "Speed", ADR 0058). On Fast 3G every round trip costs
 * half a second, so a phone that has opened the workbench once opens it again without the network:
 *
 * - the shell: index.html is answered from the cache and revalidated behind it (a cheap 304 when
 *   unchanged); the hashed assets are immutable and answered from the cache first. The build's
 *   asset-manifest.json names every asset, so a release is precached whole in the background and a
 *   lazy page of the release the cached index.html names is never missing.
 * - the first screen's calls (the user, menus, workbench and counters): stale-while-revalidate,
 *   kept per user. A cached answer is only ever served to the user it was fetched for: the cache
 *   is named by the user id that getUser answered, a getUser naming someone else (or a 401) throws
 *   every user's cache away, and the page clears them on login and logout (lib/swCache.ts).
 *
 * Plain JavaScript served as it is (public/): the worker needs no bundling. Names are shared with
 * src/lib/swCache.ts.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SHELL_CACHE = 'park-m-shell';
// The same names as MOBILE_SESSION_CACHES in packages/core (the page and the desktop delete them on sign-in/out).
const DATA_PREFIX = 'park-m-data-';
const META_CACHE = 'park-m-meta';
const SCOPE = new URL(sw.registration.scope).pathname; // '/closed-park-web/m/'
const INDEX = SCOPE;
const MANIFEST = `${SCOPE}asset-manifest.json`;
const GET_USER = '/api/user/getUser';
/** The calls the workbench waits for; nothing else is cached (lists, records and tasks always go to the server). */
const FIRST_SCREEN = new Set([
  GET_USER,
  '/api/user/listRouter/1',
  '/api/micro/workbench/myWorkbench',
  '/api/flow/queryWatiDoneTaskCount',
  '/api/msg/unreadmsgcountself',
  '/api/alarm/warnNumbers',
  '/api/notice/unread',
]);

sw.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().finally(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener('message', (event) => {
  // The page signs in or out: nobody's cached answers survive it.
  if (event.data && event.data.type === 'forget-data') event.waitUntil(forgetData());
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith(SCOPE)) return event.respondWith(shellPage(event));
  if (url.pathname.startsWith(`${SCOPE}assets/`)) return event.respondWith(immutableAsset(req));
  if (FIRST_SCREEN.has(url.pathname)) return event.respondWith(firstScreenCall(event, url));
});

/** Every asset of the release index.html names, fetched in the background; older releases' assets pruned. */
async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const index = await fetch(INDEX, { cache: 'no-cache' });
  if (!index.ok) return;
  const manifest = await fetch(MANIFEST, { cache: 'no-cache' }).then((r) => (r.ok ? r.json() : {}), () => ({}));
  const files = new Set();
  for (const entry of Object.values(manifest)) {
    for (const f of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]) if (f) files.add(`${SCOPE}${f}`);
  }
  for (const f of files) {
    if (!(await cache.match(f))) await cache.add(f).catch(() => undefined);
  }
  await cache.put(INDEX, index);
  if (files.size > 0) {
    for (const req of await cache.keys()) {
      const p = new URL(req.url).pathname;
      if (p.startsWith(`${SCOPE}assets/`) && !files.has(p)) await cache.delete(req);
    }
  }
}

/** index.html from the cache at once; the server asked behind it, a new release precached when it differs. */
async function shellPage(event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(INDEX);
  const fresh = fetch(INDEX, { cache: 'no-cache' }).then(async (res) => {
    if (!res.ok) return res;
    const before = cached ? await cached.clone().text() : null;
    const text = await res.clone().text();
    if (before !== text) await precacheShell();
    return res;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

async function immutableAsset(req) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

async function currentUser() {
  const hit = await (await caches.open(META_CACHE)).match('user');
  return hit ? hit.text() : null;
}

async function forgetData() {
  for (const name of await caches.keys()) if (name.startsWith(DATA_PREFIX)) await caches.delete(name);
  await caches.delete(META_CACHE);
}

async function tell(message) {
  for (const c of await sw.clients.matchAll({ type: 'window' })) c.postMessage(message);
}

function isSuccess(body) {
  return body && (body.errCode === 0 || body.errCode === '0');
}

/**
 * The caller's last answer at once when there is one, then the server's: stored under the user it
 * belongs to, and the page told when it changed (it refetches, and the second answer, unchanged,
 * ends there).
 */
async function firstScreenCall(event, url) {
  const req = event.request;
  const user = await currentUser();
  const cached = user ? await (await caches.open(DATA_PREFIX + user)).match(req) : undefined;
  const before = cached ? await cached.clone().text() : null;
  const network = fetch(req).then((res) => {
    // Stored behind the answer: the page never waits for the cache.
    event.waitUntil(remember(url, res.clone(), user, before));
    return res;
  });
  if (url.pathname === GET_USER) userKnown = network.then(() => undefined, () => undefined);
  if (!cached) return network;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}

/** The getUser answer in flight, if any: an answer asked beside it is stored once it names the user. */
let userKnown = Promise.resolve();

async function remember(url, res, user, before) {
  if (res.status === 401 || res.status === 403) {
    await forgetData();
    if (before !== null) await tell({ type: 'signed-out' });
    return;
  }
  if (!res.ok) return;
  const text = await res.clone().text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (!isSuccess(body)) return;
  let owner = user;
  if (url.pathname === GET_USER) {
    const id = body.user && body.user.id != null ? String(body.user.id) : null;
    if (!id) return;
    if (id !== user) {
      await forgetData();
      await (await caches.open(META_CACHE)).put('user', new Response(id));
      owner = id;
      // The page drew someone else's answers: it starts again with this user's.
      if (user !== null) return tell({ type: 'user-changed' });
    }
  }
  // Asked before getUser answered (the first load after sign-in): the same cookie, so the user getUser named since.
  if (!owner) {
    await userKnown;
    owner = await currentUser();
  }
  if (!owner) return;
  await (await caches.open(DATA_PREFIX + owner)).put(url.href, res);
  if (before !== null && before !== text) await tell({ type: 'refreshed', path: url.pathname });
}
