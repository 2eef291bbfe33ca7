import { describe, expect, it } from 'vitest';
import { listTotalText, pagerTotal, totalKindOf } from './listTotal.ts';

describe('list totals (issue 16)', () => {
  it('says 共, 超过 or 约 as the server counted', () => {
    expect(listTotalText(23, 'exact')).toBe('共 23 条');
    expect(listTotalText(10000, 'capped')).toBe('超过 10000 条');
    expect(listTotalText(1000000, 'estimate')).toBe('约 1000000 条');
    expect(totalKindOf(undefined)).toBe('exact');
    expect(totalKindOf('capped')).toBe('capped');
  });

  it('a capped total leaves one more page to open, which raises the count', () => {
    expect(pagerTotal(10000, 'capped', 10)).toBe(10010);
    expect(pagerTotal(23, 'exact', 10)).toBe(23);
  });
});
