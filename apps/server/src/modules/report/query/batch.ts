/**
 * A page of widgets in one reply (ADR 0023): a dashboard asks for all of its widgets in one
 * request instead of one each, so eight readers reloading a twelve-widget page cost the server
 * eight requests, not ninety-six. Every widget is answered on its own: its reply text, its error,
 * or — when its query has not finished within `waitMs` — `pending`, and the client asks for that
 * widget by itself (queryreportdata), which joins the run the batch already started (the result
 * cache shares a running query), so quick widgets are not held back by a slow one.
 */

/** What a batch answers for one widget: the kept reply text `{"errCode":0,…}`, or an error body. */
export type WidgetAnswer = { text: string } | { error: { errCode: number; errMsg: string } };

const PENDING = Symbol('pending');

/**
 * `answer(i)` is widget i's reply text; `describe` turns its failure into the body a single call
 * would have answered. The reply is `{"errCode":0,"results":[{"widgetId":…,…}, …]}` in the order
 * asked, written from the kept texts without parsing them again.
 */
export async function answerBatch(
  ids: ReadonlyArray<string | number>,
  answer: (i: number) => Promise<string>,
  describe: (err: unknown) => { errCode: number; errMsg: string },
  waitMs: number,
): Promise<string> {
  const parts = ids.map((_, i) =>
    Promise.resolve()
      .then(() => answer(i))
      .then(
        (text): WidgetAnswer => ({ text }),
        (err: unknown): WidgetAnswer => ({ error: describe(err) }),
      ),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof PENDING>((resolve) => {
    timer = setTimeout(resolve, waitMs, PENDING);
  });
  try {
    const settled = await Promise.all(parts.map((p) => Promise.race([p, deadline])));
    const items = settled.map((s, i) => {
      const head = `{"widgetId":${JSON.stringify(ids[i])}`;
      if (s === PENDING) return `${head},"pending":true}`;
      if ('text' in s) return `${head},${s.text.slice(1)}`;
      return `${head},${JSON.stringify(s.error).slice(1)}`;
    });
    return `{"errCode":0,"results":[${items.join(',')}]}`;
  } finally {
    clearTimeout(timer);
  }
}
