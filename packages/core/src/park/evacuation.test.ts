import { describe, expect, it } from 'vitest';
import { evacuationRoute } from './evacuation.ts';
import type { LngLat } from './geometry.ts';

// A cross of two roads with a third starting in the middle of the first (a T-junction), and three gates.
const EW: LngLat[] = [[110.34, 28.3], [110.36, 28.3]];
const NS: LngLat[] = [[110.35, 28.29], [110.35, 28.31]];
const SPUR: LngLat[] = [[110.345, 28.3], [110.345, 28.305]];
const WEST = { id: 'w', name: '西门', position: [110.34, 28.3] as LngLat };
const NORTH = { id: 'n', name: '北门', position: [110.35, 28.31] as LngLat };
const SOUTH = { id: 's', name: '南门', position: [110.35, 28.29] as LngLat };

describe('evacuationRoute', () => {
  it('follows the roads through a crossing and a T-junction to the nearest gate', () => {
    // From the top of the spur: down to the main road, then west (≈ 555 + 490 m) beats east and north.
    const r = evacuationRoute([110.345, 28.305], [EW, NS, SPUR], [WEST, NORTH, SOUTH])!;
    expect(r.exit.name).toBe('西门');
    expect(r.straight).toBe(false);
    expect(r.path[0]).toEqual([110.345, 28.305]);
    expect(r.path).toContainEqual([110.345, 28.3]);
    expect(r.path.at(-1)).toEqual([110.34, 28.3]);
    expect(r.lengthM).toBeGreaterThan(1030);
    expect(r.lengthM).toBeLessThan(1060);
  });

  it('turns at the crossing the roads make, which is no road\'s vertex', () => {
    const r = evacuationRoute([110.358, 28.3], [EW, NS], [NORTH])!;
    expect(r.path).toContainEqual([110.35, 28.3]);
    expect(r.exit.name).toBe('北门');
  });

  it('goes straight to the nearest gate when there are no roads, and answers nothing without gates', () => {
    const r = evacuationRoute([110.351, 28.308], [], [WEST, NORTH])!;
    expect(r).toMatchObject({ straight: true, exit: { name: '北门' } });
    expect(r.path).toHaveLength(2);
    expect(evacuationRoute([110.35, 28.3], [EW], [])).toBeNull();
  });
});
