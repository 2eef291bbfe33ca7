import { ApiError } from '../../../lib/http.ts';
import { queryWidget, queryWidgetBatch, type BatchAnswer, type QueryBody, type WidgetData } from '../reportApi.ts';

/**
 * The widget queries of a published report asked within one moment go to the server as one
 * batch call (queryreportdatabatch, ADR 0023): a page load or an auto-refresh of twelve widgets is
 * one request, not twelve. Each widget still gets its own promise — its data, or its own error, as
 * its single call would have — so React Query keys, retries and shows every widget on its own, and
 * a linkage or drill change asks again only for the widgets whose body changed (alone, when it is
 * one widget). A widget the server answers `pending` (its query still running) is asked for by
 * itself, which joins the run the batch started.
 */

export interface WidgetBatchApi {
  batch(reportId: number, widgets: Array<QueryBody & { widgetId: number }>, signal: AbortSignal): Promise<{ results: BatchAnswer[] }>;
  single(reportId: number, widgetId: number, body: QueryBody, signal?: AbortSignal): Promise<WidgetData>;
}

interface Ask {
  widgetId: number;
  body: QueryBody;
  signal?: AbortSignal;
  resolve(data: WidgetData): void;
  reject(err: unknown): void;
}

/** As many as the server takes in one batch (REPORT_BATCH_MAX). */
export const BATCH_MAX = 60;
/** How long asks are gathered: the widgets of one render, or timers started in the same render. */
export const GATHER_MS = 15;

export class WidgetBatcher {
  private readonly waiting = new Map<number, Ask[]>();

  constructor(
    private readonly api: WidgetBatchApi,
    private readonly gatherMs = GATHER_MS,
  ) {}

  query(reportId: number, widgetId: number, body: QueryBody, signal?: AbortSignal): Promise<WidgetData> {
    return new Promise((resolve, reject) => {
      let asks = this.waiting.get(reportId);
      if (!asks) {
        this.waiting.set(reportId, (asks = []));
        setTimeout(() => this.flush(reportId), this.gatherMs);
      }
      asks.push({ widgetId, body, signal, resolve, reject });
    });
  }

  private flush(reportId: number): void {
    const asks = (this.waiting.get(reportId) ?? []).filter((a) => {
      if (!a.signal?.aborted) return true;
      a.reject(new ApiError('aborted', '请求已取消'));
      return false;
    });
    this.waiting.delete(reportId);
    for (let i = 0; i < asks.length; i += BATCH_MAX) void this.send(reportId, asks.slice(i, i + BATCH_MAX));
  }

  private async send(reportId: number, asks: Ask[]): Promise<void> {
    if (asks.length === 1) {
      const [a] = asks as [Ask];
      return this.api.single(reportId, a.widgetId, a.body, a.signal).then(a.resolve, a.reject);
    }
    // The batch is cancelled only when every widget in it was (each caller's own signal settles its own promise).
    const controller = new AbortController();
    let live = asks.length;
    for (const a of asks) {
      a.signal?.addEventListener(
        'abort',
        () => {
          a.reject(new ApiError('aborted', '请求已取消'));
          if (--live === 0) controller.abort();
        },
        { once: true },
      );
    }
    let results: BatchAnswer[];
    try {
      results = (await this.api.batch(reportId, asks.map((a) => ({ ...a.body, widgetId: a.widgetId })), controller.signal)).results;
    } catch (err) {
      for (const a of asks) a.reject(err);
      return;
    }
    asks.forEach((a, i) => {
      const r = results[i];
      if (!r) a.reject(new ApiError('http', '后台请求错误'));
      else if (r.pending) this.api.single(reportId, a.widgetId, a.body, a.signal).then(a.resolve, a.reject);
      else if (r.errCode === 0 || r.errCode === '0') {
        const { widgetId: _w, errCode: _c, errMsg: _m, pending: _p, ...data } = r;
        a.resolve(data as WidgetData);
      } else {
        const errMsg = r.errMsg || '查询失败';
        a.reject(new ApiError('http', errMsg, Number(r.errCode) || 500, r.errCode ?? -1, r));
      }
    });
  }
}

/** The viewer's batcher: every published widget's query goes through it (useWidgetData). */
export const widgetBatcher = new WidgetBatcher({ batch: queryWidgetBatch, single: queryWidget });
