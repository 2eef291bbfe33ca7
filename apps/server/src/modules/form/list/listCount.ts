/**
 * List totals that cost less than the page (issue 16). In order of preference:
 *
 * 1. A page that is not full ends the matches: its count is known without a query.
 * 2. A count computed earlier for the same (table, conditions, scope, parent), while the form's
 *    newest form_event is still the one it was computed at: every record write adds a form_event
 *    row, so a changed stamp means the count may have changed. Kept briefly (relative date
 *    conditions move with the clock) and for a bounded number of keys.
 * 3. The planner's row estimate for an unfiltered list on its first pages (约 N 条).
 * 4. A count that stops at a bound: COUNT_CAP matches past the page asked for, so paging past
 *    "超过 N 条" raises the bound and the last page can always be reached.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export type CountKind = 'exact' | 'capped' | 'estimate';
export interface ListTotal {
  totalCount: number;
  totalCountKind: CountKind;
}

/** Counting every match of a filter over a million rows costs a full scan; past this we stop counting. */
export const COUNT_CAP = 10_000;
const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

interface Cached extends ListTotal {
  stamp: string;
  at: number;
  /** The bound the count was taken with: a deeper page needs a higher one. */
  cap: number;
}

/** The bound for a page ending at `pageEnd`: a multiple of COUNT_CAP beyond it. */
export function countBound(pageEnd: number): number {
  return COUNT_CAP * Math.ceil((pageEnd + 1) / COUNT_CAP);
}

export class ListCountCache {
  private readonly entries = new Map<string, Cached>();

  /** Whether a count of these conditions is held for a page needing `cap` (at whatever stamp). */
  knows(key: string, cap: number): boolean {
    const hit = this.entries.get(key);
    return !!hit && Date.now() - hit.at <= TTL_MS && (hit.totalCountKind !== 'capped' || hit.cap >= cap);
  }

  get(key: string, stamp: string, cap: number): ListTotal | null {
    const hit = this.entries.get(key);
    if (!hit || hit.stamp !== stamp || Date.now() - hit.at > TTL_MS) return null;
    if (hit.totalCountKind === 'capped' && hit.cap < cap) return null;
    return { totalCount: hit.totalCount, totalCountKind: hit.totalCountKind };
  }

  set(key: string, stamp: string, cap: number, total: ListTotal): void {
    this.entries.delete(key);
    this.entries.set(key, { ...total, stamp, cap, at: Date.now() });
    // Oldest first: Map keeps insertion order.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

const CACHES = new WeakMap<object, ListCountCache>();
const RUNNING = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One count per (conditions, bound) at a time: calls arriving while it runs wait for it instead of
 * each starting their own. When a popular search's kept count expires, every list call of the next
 * moment would otherwise count too — at a million rows a 2-character search's count is ~60 ms of
 * PostgreSQL, and eight callers started two dozen of them (bench/listSearch.ts, 2026-11-27).
 */
export function sharedCount<T>(db: Kysely<Database>, key: string, bound: number, run: () => Promise<T>): Promise<T> {
  let running = RUNNING.get(db);
  if (!running) RUNNING.set(db, (running = new Map()));
  const k = `${bound}|${key}`;
  const hit = running.get(k) as Promise<T> | undefined;
  if (hit) return hit;
  const p = run().finally(() => running.delete(k));
  running.set(k, p);
  return p;
}

/** The count cache of a database handle (one per app, and per test app). */
export function listCountCache(db: Kysely<Database>): ListCountCache {
  let cache = CACHES.get(db);
  if (!cache) CACHES.set(db, (cache = new ListCountCache()));
  return cache;
}

/** The form's data stamp: its newest form_event id (an index-only read of form_event_form_idx). */
export async function dataStamp(db: Kysely<Database>, formId: string): Promise<string> {
  const r = await sql<{ s: string | null }>`select max(id)::text as s from form_event where form_id = ${formId}`.execute(db);
  return r.rows[0]?.s ?? '0';
}

/** The planner's estimate of a table's rows, or null when the table was never analysed. */
export async function estimatedRows(db: Kysely<Database>, table: string): Promise<number | null> {
  const r = await sql<{ n: string | null }>`select reltuples::bigint::text as n from pg_class where oid = to_regclass(${table})`.execute(db);
  const n = Number(r.rows[0]?.n ?? -1);
  return n >= 0 ? n : null;
}

export interface TotalInput {
  table: string;
  offset: number;
  pageSize: number;
  /** Rows the page query returned. */
  rows: number;
  /** No condition, no scope, no parent: the planner's estimate may answer. */
  unfiltered: boolean;
  /** Where a count may be reused: the cache key and the form's data stamp read with the page. */
  cached: { key: string; stamp: string } | null;
  /** Matches counted with the page, in its statement, stopping after `bound + 1`. */
  counted?: number;
  /** The planner's estimate read with the page (null: the table was never analysed); read here when absent. */
  estimate?: number | null;
  /** Counts matches, stopping after `bound + 1`. */
  count: (bound: number) => Promise<number>;
}

export async function listTotal(db: Kysely<Database>, input: TotalInput): Promise<ListTotal> {
  const { offset, pageSize, rows } = input;
  const bound = countBound(offset + pageSize);
  const cache = input.cached ? listCountCache(db) : null;
  // A short page is the last one (an empty first page means no matches at all). Kept too, so the
  // next call with these conditions knows a count exists and does not take one with its page.
  if ((rows > 0 && rows < pageSize) || (rows === 0 && offset === 0)) return kept(cache, input, bound, { totalCount: offset + rows, totalCountKind: 'exact' });
  const hit = input.cached && cache!.get(input.cached.key, input.cached.stamp, bound);
  if (hit) return hit;
  if (input.unfiltered && offset + pageSize <= COUNT_CAP) {
    const estimate = input.estimate !== undefined ? input.estimate : await estimatedRows(db, input.table);
    if (estimate !== null && estimate > COUNT_CAP) return kept(cache, input, bound, { totalCount: estimate, totalCountKind: 'estimate' });
  }
  return kept(cache, input, bound, boundedTotal(input.counted ?? (await input.count(bound)), bound));
}

/** `total`, remembered for the conditions when the call may reuse a count. A module function, not a closure per call (ADR 0066). */
function kept(cache: ReturnType<typeof listCountCache> | null, input: TotalInput, bound: number, total: ListTotal): ListTotal {
  if (input.cached) cache!.set(input.cached.key, input.cached.stamp, bound, total);
  return total;
}

/** A count taken with `limit bound + 1`, as the list shows it. */
export function boundedTotal(n: number, bound: number): ListTotal {
  return n > bound ? { totalCount: bound, totalCountKind: 'capped' } : { totalCount: n, totalCountKind: 'exact' };
}
