import type { SelectQueryBuilder } from 'kysely';

/** Which page of a list: a null limit answers every row from the offset (pickers ask that way). */
export interface PageWindow {
  limit: number | null;
  offset: number;
}

/**
 * One page of a filtered list and the filter's total, read at the same time: `base` is the
 * filtered table, `page` picks the columns and the order. The count runs on `base`, so it never
 * depends on the page's columns or order.
 */
export async function pagedRows<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
): Promise<{ rows: O[]; total: number }> {
  const { limit, offset } = window;
  const rows = page(base)
    .offset(offset)
    .$if(limit !== null, (q) => q.limit(limit!));
  // Kysely cannot name the count's column through the generic table, hence the cast.
  const counted = base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow() as unknown as Promise<{
    n: string;
  }>;
  const [list, count] = await Promise.all([rows.execute(), counted]);
  return { rows: list, total: Number(count.n) };
}
