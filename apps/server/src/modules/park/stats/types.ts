import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { DefaultRange, Range, StatQuery } from './query.ts';

export interface StatContext {
  db: Kysely<Database>;
  q: StatQuery;
  /** The call's time range (its default when the caller gave none). */
  range: Range;
  now: Date;
}

/** One statistics call: its default time range and what it answers (merged into {errCode: 0, …}). */
export interface StatCall {
  range: DefaultRange;
  run(c: StatContext): Promise<Record<string, unknown>>;
}

/** A catalogue section: path (after its prefix) → call. */
export type StatSection = Record<string, StatCall>;
