import { sql, type Expression, type RawBuilder } from 'kysely';
import type { AggregateFn, DateLevel } from '@park/core';
import { CONDITION_DIALECTS, type ConditionDialect, type Engine } from '../../../db/conditions/dialect.ts';

export type { Engine } from '../../../db/conditions/dialect.ts';

/** How a column is stored in its source, which decides how it is formatted and compared. */
export type Stored = 'text' | 'numeric' | 'timestamp' | 'timestamptz';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of a runtime table
type Any = Expression<any>;

/**
 * What differs between engines: conditions (the shared compiler's part), date levels and numbers.
 * Everything here is written from fixed lists (levels, aggregates), so only checked identifiers and
 * bound values ever join the text.
 */
export interface SqlDialect extends ConditionDialect {
  /** A date column at a level, as text (2026, 2026-Q4, 2026-11, 2026-W48, 2026-11-25, …). */
  dateLevel(ref: Any, stored: Stored, level: DateLevel): RawBuilder<string>;
  /** A column read as a number, for calculated fields and sums over text-stored numbers. */
  toNumber(ref: Any, stored: Stored): RawBuilder<number>;
  /** A column read as a date, for comparisons with date text. */
  toDate(ref: Any, stored: Stored): RawBuilder<unknown>;
}

const PG_FORMATS: Record<Exclude<DateLevel, 'full'>, string> = {
  year: 'YYYY',
  quarter: 'YYYY-"Q"Q',
  month: 'YYYY-MM',
  week: 'IYYY-"W"IW',
  day: 'YYYY-MM-DD',
  hour: 'YYYY-MM-DD HH24',
  minute: 'YYYY-MM-DD HH24:MI',
  second: 'YYYY-MM-DD HH24:MI:SS',
};

const MYSQL_FORMATS: Record<Exclude<DateLevel, 'full'>, string> = {
  year: '%Y',
  quarter: '', // written with QUARTER() below
  month: '%Y-%m',
  week: '%x-W%v',
  day: '%Y-%m-%d',
  hour: '%Y-%m-%d %H',
  minute: '%Y-%m-%d %H:%i',
  second: '%Y-%m-%d %H:%i:%s',
};

/** Form date columns hold `yyyy-MM-dd[ HH:mm:ss]` text; an empty text is no date. */
const pgDate = (ref: Any, stored: Stored) => (stored === 'text' ? sql`nullif(${ref}, '')::timestamp` : sql`${ref}`);

const postgres: SqlDialect = {
  ...CONDITION_DIALECTS.postgresql,
  dateLevel: (ref, stored, level) =>
    level === 'full'
      ? stored === 'text'
        ? sql<string>`${ref}`
        : sql<string>`to_char(${ref}, 'YYYY-MM-DD HH24:MI:SS')`
      : sql<string>`to_char(${pgDate(ref, stored)}, ${sql.lit(PG_FORMATS[level])})`,
  toNumber: (ref, stored) => (stored === 'numeric' ? sql<number>`${ref}` : sql<number>`nullif(${ref}::text, '')::numeric`),
  toDate: (ref, stored) => pgDate(ref, stored),
};

const mysql: SqlDialect = {
  ...CONDITION_DIALECTS.mysql,
  dateLevel: (ref, _stored, level) =>
    level === 'full'
      ? sql<string>`date_format(${ref}, '%Y-%m-%d %H:%i:%s')`
      : level === 'quarter'
        ? sql<string>`concat(year(${ref}), '-Q', quarter(${ref}))`
        : sql<string>`date_format(${ref}, ${sql.lit(MYSQL_FORMATS[level])})`,
  toNumber: (ref, stored) => (stored === 'numeric' ? sql<number>`${ref}` : sql<number>`cast(nullif(${ref}, '') as decimal(38, 10))`),
  toDate: (ref) => sql`${ref}`,
};

export const DIALECTS: Record<Engine, SqlDialect> = { postgresql: postgres, mysql };

/** Aggregates from the fixed list; `none` leaves the value as it is (it is then grouped by). */
export const AGGREGATE_SQL: Record<AggregateFn, (e: Any) => RawBuilder<unknown>> = {
  none: (e) => sql`${e}`,
  sum: (e) => sql`sum(${e})`,
  avg: (e) => sql`avg(${e})`,
  count: (e) => sql`count(${e})`,
  distinct: (e) => sql`count(distinct ${e})`,
  max: (e) => sql`max(${e})`,
  min: (e) => sql`min(${e})`,
};
