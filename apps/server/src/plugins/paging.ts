import type { SelectQueryBuilder } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';

/** 1-based paging as the spec's client sends it; strings are coerced by Fastify's validator. */
export const PageQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
});
export type PageQuery = Static<typeof PageQuery>;

export function offsetOf(q: PageQuery): number {
  return (q.pageNum - 1) * q.pageSize;
}



/** The row count of a filtered query, for `totalCount`. */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: string }).n);
}

/**
 * One page of a filtered query and the count of all its rows, asked together: the "count plus a
 * page of my items" of the to-do, task and message lists. `page` adds the columns and the order.
 */
export async function pageOf<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  q: PageQuery,
  page: (base: SelectQueryBuilder<DB, TB, O>) => { limit(n: number): { offset(n: number): { execute(): Promise<R[]> } } },
): Promise<{ rows: R[]; total: number }> {
  const [rows, total] = await Promise.all([page(base).limit(q.pageSize).offset(offsetOf(q)).execute(), countOf(base)]);
  return { rows, total };
}
