import { Readable } from 'node:stream';

/**
 * A page of widgets in one reply (ADR 0023): a dashboard asks for all of its widgets in one
 * request instead of one each, so eight readers reloading a twelve-widget page cost the server
 * eight requests, not ninety-six. Every widget is answered on its own: its reply, its error, or —
 * when its query has not finished within `waitMs` — `pending`, and the client asks for that widget
 * by itself (queryreportdata), which joins the run the batch already started (the result cache
 * shares a running query), so quick widgets are not held back by a slow one.
 */

type Answer = { reply: Buffer } | { error: { errCode: number; errMsg: string } };

const PENDING = Symbol('pending');
const OPEN = Buffer.from('{"errCode":0,"results":[');
const CLOSE = Buffer.from(']}');

/**
 * `answer(i)` is widget i's reply, `{"errCode":0,…}` as its own call would send it (kept bytes for a
 * cached result); `describe` turns its failure into the body a single call would have answered.
 * The reply, `{"errCode":0,"results":[{"widgetId":…,…}, …]}` in the order asked, is a stream of the
 * widgets' own bytes: a batch of a dozen large results is never copied into one large string or
 * buffer (allocating those per call cost milliseconds each on a loaded VM).
 */
export async function answerBatch(
  ids: ReadonlyArray<string | number>,
  answer: (i: number) => Promise<Buffer>,
  describe: (err: unknown) => { errCode: number; errMsg: string },
  waitMs: number,
): Promise<{ body: Readable; length: number }> {
  const parts = ids.map((_, i) =>
    Promise.resolve()
      .then(() => answer(i))
      .then(
        (reply): Answer => ({ reply }),
        (err: unknown): Answer => ({ error: describe(err) }),
      ),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof PENDING>((resolve) => {
    timer = setTimeout(resolve, waitMs, PENDING);
  });
  try {
    const settled = await Promise.all(parts.map((p) => Promise.race([p, deadline])));
    const chunks: Buffer[] = [OPEN];
    settled.forEach((s, i) => {
      const head = `${i > 0 ? ',' : ''}{"widgetId":${JSON.stringify(ids[i])}`;
      if (s === PENDING) chunks.push(Buffer.from(`${head},"pending":true}`));
      else if ('reply' in s) chunks.push(Buffer.from(`${head},`), s.reply.subarray(1));
      else chunks.push(Buffer.from(`${head},${JSON.stringify(s.error).slice(1)}`));
    });
    chunks.push(CLOSE);
    return { body: Readable.from(chunks, { objectMode: false }), length: chunks.reduce((n, c) => n + c.length, 0) };
  } finally {
    clearTimeout(timer);
  }
}
