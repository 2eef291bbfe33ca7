/**
 * How a list page shows its total (issue 16). The server counts cheaply: exactly, up to a bound
 * (`capped`: at least this many), or from the planner's estimate for an unfiltered list.
 */
export type TotalKind = 'exact' | 'capped' | 'estimate';

/** The text beside the pager: 共 N 条, 超过 N 条 or 约 N 条. */
export function listTotalText(total: number, kind: TotalKind): string {
  if (kind === 'capped') return `超过 ${total} 条`;
  if (kind === 'estimate') return `约 ${total} 条`;
  return `共 ${total} 条`;
}

/**
 * The total the pager is given. A capped count offers one page past the bound: opening it makes the
 * server count further, so paging reaches the last page however many rows match.
 */
export function pagerTotal(total: number, kind: TotalKind, pageSize: number): number {
  return kind === 'capped' ? total + pageSize : total;
}

export function totalKindOf(raw: unknown): TotalKind {
  return raw === 'capped' || raw === 'estimate' ? raw : 'exact';
}
