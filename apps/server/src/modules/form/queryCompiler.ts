import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Condition } from '@park/core';
import { conditionSql, type CompileOptions, type QueryColumn } from '../../db/conditions/conditionSql.ts';
import { CONDITION_DIALECTS } from '../../db/conditions/dialect.ts';

/*
 * The form side of the one condition compiler (db/conditions/conditionSql.ts, shared with the
 * report engine): a form table's conditions, each key a column of that table.
 */
export type { CompileOptions, LikeLeaf, QueryColumn } from '../../db/conditions/conditionSql.ts';

type Eb = ExpressionBuilder<Record<string, Record<string, unknown>>, string>;

/**
 * Writes a checked condition tree as a WHERE expression. Keys were checked against the form's
 * columns by parseConditions; values are always bound parameters.
 */
export function compileCondition(
  _eb: Eb,
  cond: Condition,
  columns: ReadonlyMap<string, QueryColumn>,
  now: Date,
  options?: CompileOptions,
): Expression<SqlBool> {
  return conditionSql(
    CONDITION_DIALECTS.postgresql,
    cond,
    (key) => {
      const col = columns.get(key);
      if (!col) throw new Error(`condition on unknown column ${key}`);
      return { ...col, expr: sql.ref(key) };
    },
    now,
    options,
  );
}
