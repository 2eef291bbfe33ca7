import { describe, expect, it } from 'vitest';
import { CITIES_WITHOUT_COUNTIES } from '@park/core';
import { REGIONS } from './regions.ts';

describe('the region tree and core', () => {
  it('names exactly the seeded cities without counties, which answer a 区县 level (issue 26)', () => {
    const leaves = REGIONS.flatMap(([, , cities]) => (cities ?? []).filter(([, , kids]) => !kids || kids.length === 0).map(([code]) => code));
    expect(new Set(leaves)).toEqual(CITIES_WITHOUT_COUNTIES);
  });
});
