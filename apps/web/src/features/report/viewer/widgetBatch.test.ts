import { describe, expect, it, vi } from 'vitest';
import type { QueryBody } from '../reportApi.ts';
import { WidgetBatcher, type WidgetBatchApi } from './widgetBatch.ts';

const body = (n = 0): QueryBody => ({ pageNum: 1, pageSize: 1000, queryConditions: n ? [{ n }] : [], superConditions: [], drillingConditions: null });

function fakeApi(answers: Record<number, Record<string, unknown>>) {
  const api = {
    batch: vi.fn(async (_r: number, widgets: Array<QueryBody & { widgetId: number }>) => ({
      results: widgets.map((w) => ({ widgetId: w.widgetId, ...answers[w.widgetId] })),
    })),
    single: vi.fn(async (_r: number, widgetId: number) => ({ datas: [{ alone: widgetId }] })),
  } satisfies WidgetBatchApi;
  return api;
}

describe('WidgetBatcher', () => {
  it('sends the widgets asked in one moment as one batch and gives each its own data or error', async () => {
    const api = fakeApi({
      1: { errCode: 0, datas: [{ a: 1 }], truncated: false },
      2: { errCode: 404, errMsg: '报表中不存在该控件' },
      3: { pending: true },
    });
    const b = new WidgetBatcher(api, 5);
    const [one, two, three] = await Promise.allSettled([b.query(7, 1, body()), b.query(7, 2, body()), b.query(7, 3, body(1))]);
    expect(api.batch).toHaveBeenCalledTimes(1);
    expect(api.batch.mock.calls[0]![1].map((w) => w.widgetId)).toEqual([1, 2, 3]);
    expect(one).toEqual({ status: 'fulfilled', value: { datas: [{ a: 1 }], truncated: false } });
    expect(two.status).toBe('rejected');
    expect((two as PromiseRejectedResult).reason).toMatchObject({ errMsg: '报表中不存在该控件', status: 404 });
    // Pending: asked for alone, with its own body.
    expect(three).toEqual({ status: 'fulfilled', value: { datas: [{ alone: 3 }] } });
    expect(api.single).toHaveBeenCalledWith(7, 3, body(1), undefined);
  });

  it('a lone widget (a linkage or drill change) is asked by its own call; reports are batched apart', async () => {
    const api = fakeApi({ 1: { errCode: 0, datas: [] }, 2: { errCode: 0, datas: [] } });
    const b = new WidgetBatcher(api, 5);
    await b.query(7, 1, body(2));
    expect(api.batch).not.toHaveBeenCalled();
    expect(api.single).toHaveBeenCalledTimes(1);
    await Promise.all([b.query(7, 1, body()), b.query(7, 2, body()), b.query(8, 1, body()), b.query(8, 2, body())]);
    expect(api.batch.mock.calls.map((c) => c[0])).toEqual([7, 8]);
  });

  it('a failed batch (no access, network) fails every widget in it; one widget cancelled leaves the others', async () => {
    const denied = new WidgetBatcher({ batch: () => Promise.reject(new Error('您无权查看该报表')), single: vi.fn() }, 5);
    const all = await Promise.allSettled([denied.query(7, 1, body()), denied.query(7, 2, body())]);
    expect(all.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const api = fakeApi({ 1: { errCode: 0, datas: [] }, 2: { errCode: 0, datas: [{ b: 2 }] }, 3: { errCode: 0, datas: [] } });
    const b = new WidgetBatcher(api, 5);
    const gone = new AbortController();
    const asked = [b.query(7, 1, body(), gone.signal), b.query(7, 2, body()), b.query(7, 3, body())];
    gone.abort();
    const [first, second] = await Promise.allSettled(asked);
    expect(first).toMatchObject({ status: 'rejected', reason: { kind: 'aborted' } });
    expect(second).toEqual({ status: 'fulfilled', value: { datas: [{ b: 2 }] } });
    expect(api.batch.mock.calls[0]![1].map((w) => w.widgetId)).toEqual([2, 3]);
  });
});
