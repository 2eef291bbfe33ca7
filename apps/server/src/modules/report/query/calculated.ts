import { sql } from 'kysely';
import { parseExpress, type DsColumn } from '@park/core';
import type { SqlDialect, Stored } from './dialects.ts';
import type { AnyExpr } from './plan.ts';

type Expr = ReturnType<typeof parseExpress>;

/**
 * A calculated field as SQL: the formula (our language, parsed by core) becomes arithmetic over
 * checked column references and bound numbers. Division by zero gives null, as in the form engine.
 */
export function calculatedSql(
  col: DsColumn,
  dialect: SqlDialect,
  columnOf: (name: string) => { expr: AnyExpr; stored: Stored; isNumber: boolean } | undefined,
): AnyExpr {
  const tree = parseExpress(col, (name) => columnOf(name)?.isNumber);
  const write = (e: Expr): AnyExpr => {
    switch (e.k) {
      case 'num':
        return dialect.numberParam(e.value);
      case 'ref': {
        const c = columnOf(e.model)!;
        return dialect.toNumber(c.expr, c.stored);
      }
      case 'neg':
        return sql`(-${write(e.operand)})`;
      case 'bin':
        return e.op === '/'
          ? sql`(${write(e.left)} / nullif(${write(e.right)}, 0))`
          : sql`(${write(e.left)} ${sql.raw(e.op)} ${write(e.right)})`;
    }
  };
  return write(tree);
}
