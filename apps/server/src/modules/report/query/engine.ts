import crypto from 'node:crypto';
import { buildReportQuery, pivot, ReportQueryError, type DataScope, type QueryBody, type ReportQuery } from '@park/core';
import { badRequest } from '../../../plugins/errors.ts';
import { COUNT_CAP, scopeKey } from '../../form/worker.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { Datasets, DatasetSnapshot } from '../datasets.ts';
import { describeSourceError } from '../reportDatasources.ts';
import { reportRecordScope } from '../sources/dataScope.ts';
import { ResultCache } from './cache.ts';
import { TurnLane } from './lane.ts';
import { compileReport, type CompiledReport, type OutputColumn } from './compile.ts';
import type { QueryLimiter } from './limiter.ts';
import type { SoloRule } from './solo.ts';

export interface ReportResult {
  datas: Array<Record<string, unknown>>;
  /** True when there were more groups than querySize and the rest were left out. */
  truncated: boolean;
  /** Tables: rows in all pages. */
  totalCount?: number;
  /** Cross tables: the column headers. */
  columns?: Array<{ key: string; values: unknown[] }>;
  /** When the SQL ran (ISO); kept with the cached result, so a cache hit tells how old it is. */
  computedAt: string;
}

export interface RunOutcome extends ReportResult {
  /** Served from the result cache: the SQL ran at computedAt, not for this call. */
  cached?: true;
  /** The SQL, for design mode only (the reply's base64 `x`). */
  sql: string;
}

type Item = Record<string, unknown>;
export const NO_DATASET = '报表控件未选择数据集';
/** Preview (design mode) widgets whose compiled queries are kept, by their JSON text. */
const PREVIEW_WIDGETS = 100;

interface Compiled {
  query: ReportQuery;
  compiled: CompiledReport;
  sql: string;
  cacheKey: string;
}

function datasetOf(widget: Item): string {
  const data = (widget.data ?? {}) as Item;
  const id = data.dataset === undefined || data.dataset === null ? '' : String(data.dataset);
  if (!id) throw badRequest(NO_DATASET);
  return id;
}

export function rename(rows: Array<Record<string, unknown>>, columns: OutputColumn[]) {
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    columns.forEach((c, i) => {
      const v = r[`c${i}`];
      out[c.key] = c.numeric && v !== null && v !== undefined && typeof v !== 'number' ? Number(v) : v instanceof Date ? v.toISOString() : v;
    });
    return out;
  });
}

/**
 * The report query engine (issue 21): a widget and its query body → a checked query (core) → a
 * dataset plan for the caller → one SELECT, run under the per-user/per-server limiter, the
 * statement timeout of the report pool, and the result cache.
 */
export class ReportEngine {
  private readonly cache: ResultCache<ReportResult>;
  private readonly compiledMemo = new WeakMap<Item, Map<string, Compiled>>();
  private readonly previewMemo = new Map<string, Map<string, Compiled>>();
  private readonly lane = new TurnLane();
  private readonly replies = new WeakMap<ReportResult, Buffer>();
  /** Widgets of batches being answered (see batch()). */
  private batchWidgets = 0;

  constructor(
    private readonly datasets: Datasets,
    private readonly limiter: QueryLimiter,
    cacheEntries: number,
    private readonly timeoutMs: number,
    private readonly solo: SoloRule,
  ) {
    this.cache = new ResultCache(cacheEntries);
  }

  /** The checked query, its dataset plan for the caller and the SQL; shared by widget queries and exports. */
  async prepare(auth: AuthContext, grant: DataScope, widget: Item, body: QueryBody, window: 'page' | 'all' = 'page') {
    const snap = await this.datasets.snapshot(datasetOf(widget));
    return { ...(await this.compileFor(auth, grant, widget, body, snap, window)), stamp: snap.stamp, datasource: snap.ds };
  }

  private async compileFor(auth: AuthContext, grant: DataScope, widget: Item, body: QueryBody, snap: DatasetSnapshot, window: 'page' | 'all') {
    let query: ReportQuery;
    try {
      query = buildReportQuery(widget, snap.rec.meta, body);
    } catch (err) {
      if (err instanceof ReportQueryError) throw badRequest(err.message);
      throw err;
    }
    const plan = await this.datasets.bind(auth, grant, snap);
    const compiled = compileReport(plan, query, new Date(), window);
    return { query, plan, compiled };
  }

  /**
   * A widget call's compiled query and result-cache key, kept per widget, data scope and body:
   * a dashboard's repeated calls skip checking, binding, compiling and hashing (the CPU a burst of
   * widget calls would otherwise take from the form calls sharing this thread). Published widgets
   * are the same object while their report's version stands (kept with the object); preview widgets
   * are new each call and are kept by their JSON text, the most recent PREVIEW_WIDGETS of them.
   * A new stamp (dataset version, form design, data) asks again.
   */
  private async compiled(auth: AuthContext, grant: DataScope, widget: Item, body: QueryBody, snap: DatasetSnapshot, published: boolean): Promise<Compiled> {
    const minute = Math.floor(Date.now() / 60_000); // relative date conditions move with the clock
    // Callers whose rows are the same (the same data scope) share one compiled query.
    const scope = snap.ds.built_in && snap.rec.formId ? scopeKey(reportRecordScope(auth, snap.rec.formId, grant)) : '*';
    const key = JSON.stringify([snap.rec.id, snap.stamp, snap.ds.update_time.getTime(), scope, minute, body.pageNum, body.pageSize, body.queryConditions, body.superConditions, body.drillingConditions]);
    const byKey = this.memoOf(widget, published);
    const hit = byKey.get(key);
    if (hit) return hit;
    const { query, plan, compiled } = await this.compileFor(auth, grant, widget, body, snap, 'page');
    const main = compiled.query.compile();
    const cacheKey = crypto
      .createHash('sha256')
      .update(JSON.stringify([plan.datasetId, plan.version, plan.scopeKey, query.shape, main.sql, main.parameters]))
      .digest('base64url');
    const out: Compiled = { query, compiled, sql: main.sql, cacheKey };
    if (byKey.size >= 200) byKey.clear(); // a widget asked with ever new conditions keeps only recent ones
    byKey.set(key, out);
    return out;
  }

  private memoOf(widget: Item, published: boolean): Map<string, Compiled> {
    if (published) {
      let byKey = this.compiledMemo.get(widget);
      if (!byKey) this.compiledMemo.set(widget, (byKey = new Map()));
      return byKey;
    }
    const text = JSON.stringify(widget);
    let byKey = this.previewMemo.get(text);
    if (byKey) this.previewMemo.delete(text); // most recently used last
    else byKey = new Map();
    this.previewMemo.set(text, byKey);
    if (this.previewMemo.size > PREVIEW_WIDGETS) this.previewMemo.delete(this.previewMemo.keys().next().value!);
    return byKey;
  }

  /**
   * One widget's data for a caller; `grant` is the data scope the caller reads the report with
   * (see permissions.ts readableReport; designers previewing: designScope). `published`: the widget
   * object comes from a saved report and is the same object on every call (see compiled()).
   */
  async run(auth: AuthContext, grant: DataScope, widget: Item, body: QueryBody, published = false): Promise<RunOutcome> {
    const { result, sql, cached } = await this.resultOf(auth, grant, widget, body, published);
    return cached ? { ...result, cached, sql } : { ...result, sql };
  }

  /** `cached`: this call did not run the SQL (the result was kept, or shared with a call running it). */
  private async resultOf(
    auth: AuthContext,
    grant: DataScope,
    widget: Item,
    body: QueryBody,
    published: boolean,
    turn = true,
  ): Promise<{ result: ReportResult; sql: string; cached: boolean }> {
    if (turn) await this.lane.turn();
    const snap = await this.datasets.snapshot(datasetOf(widget));
    const { query, compiled, sql, cacheKey } = await this.compiled(auth, grant, widget, body, snap, published);
    let ran = false;
    const result = await this.cache.once(cacheKey, snap.stamp, () =>
      this.limiter.run(auth.userId, async () => {
        ran = true;
        // A lone query on the platform database runs with parallel workers (ADR 0023).
        const solo = snap.ds.built_in ? this.solo.dbFor(this.otherReportWork()) : null;
        try {
          const [rows, count] = await Promise.all([
            solo ? solo.executeQuery<Record<string, unknown>>(compiled.query.compile()).then((r) => r.rows) : compiled.query.execute(),
            compiled.countQuery ? compiled.countQuery.executeTakeFirst() : Promise.resolve(undefined),
          ]);
          return this.shape(query, rows, compiled.columns, count ? Number((count as { n: unknown }).n) : undefined);
        } catch (err) {
          throw describeSourceError(err, this.timeoutMs);
        }
      }),
    );
    return { result, sql, cached: !ran };
  }

  /**
   * A widget's reply as JSON bytes. A cached answer's bytes are written once per result and kept
   * with it: the same result sent to every reader of a dashboard is neither serialised nor encoded
   * again, and sending it allocates nothing (on this VM a fresh 100 KB string or buffer per call
   * costs more than the rest of the call, ADR 0023).
   */
  async runReply(auth: AuthContext, grant: DataScope, widget: Item, body: QueryBody, published: boolean, turn = true): Promise<Buffer> {
    const { result, cached } = await this.resultOf(auth, grant, widget, body, published, turn);
    if (!cached) return Buffer.from(JSON.stringify({ errCode: 0, ...result }));
    let kept = this.replies.get(result);
    if (kept === undefined) {
      kept = Buffer.from(JSON.stringify({ errCode: 0, ...result, cached: true }));
      this.replies.set(result, kept);
    }
    return kept;
  }

  private shape(query: ReportQuery, raw: Array<Record<string, unknown>>, columns: OutputColumn[], totalCount: number | undefined): ReportResult {
    const computedAt = new Date().toISOString();
    const rows = rename(raw, columns);
    if (query.shape === 'cross') {
      const cells = query.limit * 50;
      const p = pivot(query, rows.slice(0, cells));
      return { datas: p.rows.slice(0, query.limit), columns: p.columns, truncated: rows.length > cells || p.rows.length > query.limit, computedAt };
    }
    const truncated = rows.length > query.limit;
    const datas = truncated ? rows.slice(0, query.limit) : rows;
    return totalCount === undefined ? { datas, truncated, computedAt } : { datas, truncated, totalCount: Math.min(totalCount, COUNT_CAP), computedAt };
  }

  /** Report work besides the query about to run: another running or waiting, or widget calls in the lane. */
  private otherReportWork(): boolean {
    const { running, queued } = this.limiter.stats;
    return running > 1 || queued > 0 || this.lane.length > 0 || this.batchWidgets > 1;
  }

  /**
   * Answers a batch of `n` widgets with `answer` (each by runReply with `turn` false): one turn of
   * the lane for the whole batch, not one per widget — a page's cached widgets cost a fraction of a
   * millisecond together, and a turn per widget made eight readers' reloads wait ninety-six turns
   * of a busy loop. Until it is done its widgets count as report work for the solo rule, so a
   * page's first query does not take the workers before its siblings queue (ADR 0023).
   */
  async batch<T>(n: number, answer: () => Promise<T>): Promise<T> {
    await this.lane.turn();
    this.batchWidgets += n;
    try {
      return await answer();
    } finally {
      this.batchWidgets -= n;
    }
  }

  /** An API request that is not a report's: form traffic the solo rule weighs (ADR 0023). */
  noteOtherRequest(): void {
    this.solo.noteRequest();
  }

  clearCache(): void {
    this.cache.clear();
  }
}
