import { sql, type Expression, type RawBuilder } from 'kysely';

/** The SQL engines conditions are written for: the platform database is PostgreSQL; report datasources may be MySQL. */
export type Engine = 'postgresql' | 'mysql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of a runtime table
type Any = Expression<any>;

/**
 * What differs between engines when a condition is written. Only checked identifiers and bound
 * values ever join the text.
 */
export interface ConditionDialect {
  /** A value bound as a number of arbitrary precision. */
  numberParam(v: number | string): RawBuilder<number>;
  /** A value bound as a point in time (compared with a timestamptz column). */
  timestampParam(v: string): RawBuilder<unknown>;
  /** A case-insensitive LIKE with `\` as the escape character. */
  ilike(ref: Any, pattern: string): RawBuilder<boolean>;
  /**
   * The same match written so that no trigram index on `ref` can serve it (ADR 0030): for a fragment
   * a trigram index cannot narrow, which would otherwise hand the planner a plan that reads every
   * row of the table back for recheck whenever its statistics guess few matches.
   */
  ilikeUnindexed(ref: Any, pattern: string): RawBuilder<boolean>;
  /** The ends-with-a-comma list match of `$all` over comma-joined text (`value` already LIKE-escaped). */
  commaListHas(ref: Any, value: string): RawBuilder<boolean>;
  /** The `$all` match over the JSON text `[{k, v}]` multi pickers store. */
  jsonListHas(ref: Any, key: string): RawBuilder<boolean>;
  /** "not equal, or null on one side only". */
  distinctFrom(ref: Any, value: Any): RawBuilder<boolean>;
}

const postgresql: ConditionDialect = {
  numberParam: (v) => sql<number>`${String(v)}::numeric`,
  timestampParam: (v) => sql`${v}::timestamptz`,
  ilike: (ref, pattern) => sql<boolean>`${ref}::text ilike ${pattern}`,
  // The function behind ILIKE, called by name: no index operator class matches a function call
  // (its planner support function offers only a btree prefix range), yet its selectivity is still
  // estimated from the column's statistics as ILIKE's is. (`col || ''`, used before, also hid the
  // column from the statistics, so the planner guessed the matches blind, and cost 2.6 µs a row.)
  ilikeUnindexed: (ref, pattern) => sql<boolean>`texticlike(${ref}::text, ${pattern})`,
  commaListHas: (ref, value) => sql<boolean>`',' || ${ref} || ',' like ${`%,${value},%`}`,
  jsonListHas: (ref, key) => sql<boolean>`${ref}::jsonb @> ${JSON.stringify([{ k: key }])}::jsonb`,
  distinctFrom: (ref, value) => sql<boolean>`${ref} is distinct from ${value}`,
};

const mysql: ConditionDialect = {
  numberParam: (v) => sql<number>`cast(${String(v)} as decimal(38, 10))`,
  timestampParam: (v) => sql`${v}`,
  ilike: (ref, pattern) => sql<boolean>`lower(${ref}) like lower(${pattern})`,
  ilikeUnindexed: (ref, pattern) => sql<boolean>`lower(${ref}) like lower(${pattern})`,
  commaListHas: (ref, value) => sql<boolean>`concat(',', ${ref}, ',') like ${`%,${value},%`}`,
  jsonListHas: (ref, key) => sql<boolean>`json_contains(${ref}, ${JSON.stringify([{ k: key }])})`,
  distinctFrom: (ref, value) => sql<boolean>`not (${ref} <=> ${value})`,
};

export const CONDITION_DIALECTS: Record<Engine, ConditionDialect> = { postgresql, mysql };
