/**
 * Which `$like`/`$hlike` conditions of a list call are written for the gram index (issue 16, ADR
 * 0014). The choice is made here, by selectivity, rather than left to the planner, because the two
 * ways of writing a search cost very differently when the planner guesses wrong:
 *
 * - plain `ILIKE`: served by the pg_trgm index when the fragment has three Latin letters or digits
 *   in a row; otherwise written as `texticlike(col, …)`, which no trigram index matches (ADR
 *   0030), so the list walks its sort index and stops after a page, fast when the fragment is common.
 * - `park_text_grams(col) @> park_fragment_grams(v) and texticlike(col, …)`: served by the gram
 *   index; exact and fast when the fragment is rare, but on a walk it would compute the grams of
 *   every row it passes. So it is chosen only when the fragment's rarest gram is rare, by the gram
 *   index's own statistics (most common elements, kept by ANALYZE).
 */
import { sql, type Kysely } from 'kysely';
import type { Condition } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { FormModel } from '../formModel.ts';
import type { LikeLeaf } from '../queryCompiler.ts';
import { trigramsNarrow } from '../../../db/conditions/conditionSql.ts';
import { wantedSearchIndexes, type SearchIndex } from './searchIndexes.ts';
import { searchIndexKeeper } from './searchIndexKeeper.ts';

/**
 * Per matching row, a gram scan costs about ten times what walking the sort index costs per row
 * passed: its matches lie scattered over the heap, one page read each, while the walk reads rows
 * in the order they were written (EXPLAIN ANALYZE of `异常`, 1 % of a million rows: the gram page
 * read 10,314 pages in 336 ms, the walk 37 pages in 2.3 ms).
 */
const GRAM_ROW_COST = 10;

/** What a list call asks of the index: a page ending at `pageEnd`, or a count stopping after `bound`. */
export type GramUse = { page: number } | { count: number };

/**
 * Below this share of `rows` (of the fragment's rarest gram, an upper bound of its matches) the
 * gram index is used. A page walks about pageEnd / share rows of the sort index but a gram scan
 * reads every match (share × rows), so the two cost the same where share² = pageEnd / (rows ×
 * GRAM_ROW_COST): 0.1 % for page 1 at a million rows, 1 % at ten thousand. A fixed 1 % put `异常`
 * (1.03 % of the bench's rows, sampled as 0.94–1.03 %) on either side by the luck of ANALYZE's
 * sample, and its page took 360 ms instead of 8. A count walks up to bound / share rows, in no
 * order (a sequential scan), against the same gram scan: share² = bound / rows, 10 % at a million.
 */
export function gramShareBelow(use: GramUse, rows: number): number {
  const n = Math.max(rows, 1);
  return 'page' in use ? Math.sqrt(use.page / (n * GRAM_ROW_COST)) : Math.sqrt(use.count / n);
}

/** How long what exists in the catalogue is trusted (a reconcile of this process forgets it at once). */
const STATE_TTL_MS = 30_000;

interface ColumnSearch {
  trgm: boolean;
  /** The gram index's most common grams and their shares; absent without a usable gram index. */
  gramShares: Map<string, number> | null;
}

interface SearchState {
  /** The planner's estimate of the main table's rows (0 when never analysed). */
  rows: number;
  columns: Map<string, ColumnSearch>;
}

interface Entry {
  at: number;
  state: Promise<SearchState>;
}

const STATES = new WeakMap<FormModel, Entry>();
/** When a reconcile of this process last changed a form's indexes. */
const changedAt = new Map<string, number>();
const watched = new WeakSet<object>();
/** When this process last checked a model's indexes: again after RECHECK_MS (a build that failed, say). */
const checked = new WeakMap<FormModel, number>();
const RECHECK_MS = 10 * 60_000;

async function readState(db: Kysely<Database>, model: FormModel): Promise<SearchState> {
  const wanted = wantedSearchIndexes(model.meta, model.main, true).filter((w) => w.kind !== 'eq');
  const out = new Map<string, ColumnSearch>();
  if (wanted.length === 0) return { rows: 0, columns: out };
  const names = wanted.map((w) => w.name);
  const valid = await sql<{ name: string; rows: string }>`
    select i.relname as name, greatest(t.reltuples, 0)::bigint::text as rows
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where i.relname = any(${names}::text[]) and x.indisvalid and x.indisready`.execute(db);
  const have = new Set(valid.rows.map((r) => r.name));
  const rows = Number(valid.rows[0]?.rows ?? 0);
  const gramIndexes = wanted.filter((w): w is SearchIndex => w.kind === 'gram' && have.has(w.name));
  const stats = gramIndexes.length
    ? await sql<{ tablename: string; elems: string[] | null; freqs: number[] | null }>`
        select tablename, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats where schemaname = 'public' and tablename = any(${gramIndexes.map((g) => g.name)}::text[])`.execute(db)
    : { rows: [] };
  const sharesOf = new Map(
    stats.rows.map((r) => [r.tablename, new Map((r.elems ?? []).map((e, i) => [e, Number(r.freqs?.[i] ?? 0)]))]),
  );
  for (const w of wanted) {
    const col = out.get(w.column) ?? { trgm: false, gramShares: null };
    if (have.has(w.name) && w.kind === 'trgm') col.trgm = true;
    if (have.has(w.name) && w.kind === 'gram') col.gramShares = sharesOf.get(w.name) ?? new Map();
    out.set(w.column, col);
  }
  return { rows, columns: out };
}

/**
 * Every list call passes here first: a design this process has not listed lately gets its indexes
 * checked in the background (after an upgrade, a build cut short by a restart, or one that failed:
 * a concurrent build can lose a deadlock against a manual ANALYZE or VACUUM).
 */
export function noteListed(db: Kysely<Database>, model: FormModel, log?: { warn(obj: object, msg: string): void }): void {
  const last = checked.get(model);
  if (last !== undefined && Date.now() - last < RECHECK_MS) return;
  checked.set(model, Date.now());
  void searchIndexKeeper(db).schedule(model.formId, log);
}

function stateOf(db: Kysely<Database>, model: FormModel): Promise<SearchState> {
  const keeper = searchIndexKeeper(db);
  if (!watched.has(keeper)) {
    watched.add(keeper);
    keeper.onChange((formId) => changedAt.set(formId, Date.now()));
  }
  const hit = STATES.get(model);
  if (hit && Date.now() - hit.at < STATE_TTL_MS && hit.at >= (changedAt.get(model.formId) ?? 0)) return hit.state;
  const entry = { at: Date.now(), state: readState(db, model) };
  entry.state.catch(() => STATES.delete(model));
  STATES.set(model, entry);
  return entry.state;
}

/** The grams park_fragment_grams gives, for the statistics lookup (ASCII folded, as lower() under C). */
export function fragmentGrams(fragment: string): string[] {
  const chars = [...fragment.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  if (chars.length <= 1) return chars;
  return chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
}

function usesGrams(col: ColumnSearch, fragment: string, below: number): boolean {
  if (!col.gramShares || fragment === '') return false;
  if (col.trgm && trigramsNarrow(fragment)) return false;
  const rarest = Math.min(...fragmentGrams(fragment).map((g) => col.gramShares!.get(g) ?? 0));
  return rarest < below;
}

function likeLeaves(cond: Condition, out: LikeLeaf[]): LikeLeaf[] {
  if (cond.kind === 'group') for (const c of cond.children) likeLeaves(c, out);
  else if (cond.op === '$like' || cond.op === '$hlike') out.push(cond);
  return out;
}

/**
 * The `$like`/`$hlike` leaves of a condition to write for the gram index. Leaves under an `or` are
 * included too: each side of an `or` can be served by its own index (a BitmapOr).
 */
export async function gramLeavesOf(
  db: Kysely<Database>,
  model: FormModel,
  cond: Condition | null,
  use: GramUse = { page: 10 },
): Promise<Set<LikeLeaf>> {
  const out = new Set<LikeLeaf>();
  if (!cond) return out;
  const leaves = likeLeaves(cond, []);
  if (leaves.length === 0) return out;
  const { rows, columns } = await stateOf(db, model);
  const below = gramShareBelow(use, rows);
  for (const leaf of leaves) {
    const col = columns.get(leaf.key);
    if (col && usesGrams(col, String(leaf.values[0] ?? ''), below)) out.add(leaf);
  }
  return out;
}
