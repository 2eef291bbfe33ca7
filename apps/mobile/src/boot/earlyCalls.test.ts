import { describe, expect, it } from 'vitest';
import { EARLY_FRESH_MS, firstCalls, isFormListRoute, listBody, startEarlyCalls, takeEarlyReply } from './earlyCalls.ts';

const BASE = '/closed-park-web/m';

/** A window with just what the boot script touches: its address and a fetch that records the calls. */
function fakeWindow(pathname: string, answer: (url: string) => Promise<{ status: number; text: () => Promise<string> }>) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const win = {
    location: { pathname },
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer(url);
    },
  };
  return { win: win as unknown as Window, sent };
}

const ok = (text: string) => Promise.resolve({ status: 200, text: () => Promise.resolve(text) });

describe('the first calls a route asks from index.html', () => {
  it('asks the workbench, its counters and menus on the home route, with or without the slash', () => {
    for (const path of [`${BASE}/`, BASE]) {
      expect(firstCalls(path, BASE).map((c) => c.url)).toEqual([
        '/api/user/getUser',
        '/api/micro/workbench/myWorkbench?client=mobile',
        '/api/flow/queryWatiDoneTaskCount',
        '/api/msg/unreadmsgcountself',
        '/api/notice/unread',
        '/api/user/listRouter/1',
      ]);
    }
  });

  it("asks a form list's design and its first page as the list will", () => {
    const calls = firstCalls(`${BASE}/form/42`, BASE);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/user/getUser', 'GET /api/form/formconf/getbyid/42', 'POST /api/form/queryformdata']);
    expect(JSON.parse(calls[2]!.body!)).toEqual(listBody(42, 1, 20, []));
    // A record or the add page asks only who is signed in.
    expect(firstCalls(`${BASE}/form/42/add`, BASE).map((c) => c.url)).toEqual(['/api/user/getUser']);
  });

  it('asks nothing where no session is needed', () => {
    for (const path of [`${BASE}/login`, `${BASE}/changePassword`, `${BASE}/qr/abc`]) expect(firstCalls(path, BASE)).toEqual([]);
    expect(firstCalls(`${BASE}/qr/abc/open`, BASE).map((c) => c.url)).toEqual(['/api/user/getUser']);
  });
});

describe('the answers index.html asked', () => {
  it('are sent with the http client headers and taken once, by the same method, address and body', async () => {
    const { win, sent } = fakeWindow(`${BASE}/form/7`, (url) => ok(`{"errCode":0,"url":"${url}"}`));
    startEarlyCalls(win, BASE);
    expect(sent).toHaveLength(3);
    const post = sent[2]!;
    expect(post.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json;charset=UTF-8' } });
    const body = JSON.stringify(listBody(7, 1, 20, []));
    expect(takeEarlyReply(win, 'POST', '/api/form/queryformdata', JSON.stringify(listBody(7, 2, 20, [])))).toBeUndefined();
    await expect(takeEarlyReply(win, 'POST', '/api/form/queryformdata', body)).resolves.toEqual({ status: 200, text: '{"errCode":0,"url":"/api/form/queryformdata"}' });
    expect(takeEarlyReply(win, 'POST', '/api/form/queryformdata', body)).toBeUndefined();
    expect(takeEarlyReply(win, 'POST', '/api/user/getUser')).toBeUndefined();
    await expect(takeEarlyReply(win, 'GET', '/api/user/getUser')).resolves.toMatchObject({ status: 200 });
  });

  it('keep a 401 for the client to act on, and are not used once too old', async () => {
    const { win } = fakeWindow(`${BASE}/`, () => Promise.resolve({ status: 401, text: () => Promise.resolve('{"errorcode":"no login"}') }));
    const realNow = Date.now;
    startEarlyCalls(win, BASE);
    await expect(takeEarlyReply(win, 'GET', '/api/user/getUser')).resolves.toEqual({ status: 401, text: '{"errorcode":"no login"}' });
    try {
      Date.now = () => realNow() + EARLY_FRESH_MS + 1;
      expect(takeEarlyReply(win, 'GET', '/api/flow/queryWatiDoneTaskCount')).toBeUndefined();
    } finally {
      Date.now = realNow;
    }
  });

  it('hand a failed call back as a rejection, without an unhandled one when nobody takes it', async () => {
    const { win } = fakeWindow(`${BASE}/`, () => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyCalls(win, BASE);
    await expect(takeEarlyReply(win, 'GET', '/api/user/getUser')).rejects.toThrow('Failed to fetch');
    expect(takeEarlyReply({} as Window, 'GET', '/api/user/getUser')).toBeUndefined();
  });
});

describe("a form list's page files from index.html", () => {
  /** A document whose head records the links put into it. */
  function withHead(pathname: string) {
    const links: Array<{ rel: string; as?: string; href: string; crossOrigin: string | null }> = [];
    const { win } = fakeWindow(pathname, () => ok('{}'));
    const doc = { createElement: () => ({ rel: '', href: '', crossOrigin: null }), head: { appendChild: (l: (typeof links)[number]) => links.push(l) } };
    (win as unknown as { document: unknown }).document = doc;
    return { win, links };
  }
  const files = [`${BASE}/assets/form-1.css`, `${BASE}/assets/pages-1.js`];

  it('are asked beside the first script on a list, scripts as modulepreload and styles as preload, as Vite asks them', () => {
    const { win, links } = withHead(`${BASE}/form/7`);
    startEarlyCalls(win, BASE, files);
    expect(links).toEqual([
      { rel: 'preload', as: 'style', href: files[0], crossOrigin: '' },
      { rel: 'modulepreload', href: files[1], crossOrigin: '' },
    ]);
  });

  it('are not asked elsewhere: the workbench, a record, the add page', () => {
    for (const path of [`${BASE}/`, `${BASE}/form/7/add`, `${BASE}/form/7/record/3`]) {
      const { win, links } = withHead(path);
      startEarlyCalls(win, BASE, files);
      expect(links).toEqual([]);
    }
    expect(isFormListRoute(`${BASE}/form/7/`, BASE)).toBe(true);
  });
});
