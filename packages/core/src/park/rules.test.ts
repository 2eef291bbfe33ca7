import { describe, expect, it } from 'vitest';
import { distanceMetres, distanceToPathMetres, pointAlongPath, pointInPolygon } from './geometry.ts';
import { evaluatePosition, type ParkLayout, type PositionFix, type TrackState } from './rules.ts';

const ROAD_A = { id: '1', name: '纬一路', path: [[110.35, 28.3], [110.36, 28.3]] as const, widthM: 20, speedLimit: 30, noParking: true, maxStopMinutes: 10 };
const ROAD_B = { id: '2', name: '经一路', path: [[110.36, 28.3], [110.36, 28.31]] as const, widthM: 20, speedLimit: 40, noParking: false, maxStopMinutes: 30 };
const ZONE = { id: '9', name: '罐区', type: 'forbidden' as const, polygon: [[110.369, 28.299], [110.371, 28.299], [110.371, 28.301], [110.369, 28.301]] as const };
const LAYOUT: ParkLayout = { roads: [ROAD_A, ROAD_B], zones: [ZONE], maxStopMinutes: 60 };
const T0 = Date.UTC(2026, 10, 25, 2, 0, 0);
const fix = (lng: number, lat: number, speed: number, minutes = 0): PositionFix => ({ plate: '湘A12345', time: T0 + minutes * 60_000, lat, lng, speed });

function run(fixes: PositionFix[], permit: Parameters<typeof evaluatePosition>[3] = null) {
  let state: TrackState | null = null;
  const alarms: string[] = [];
  for (const f of fixes) {
    const r = evaluatePosition(state, f, LAYOUT, permit);
    if (!r) continue;
    state = r.state;
    alarms.push(...r.alarms.map((a) => `${a.type}:${a.level}`));
  }
  return { state, alarms };
}

describe('geometry', () => {
  it('measures metres along a parallel and to a polyline', () => {
    // 0.01° of longitude at 28.3° N ≈ 1111.95 km/° × cos(28.3°) × 0.01 ≈ 979 m
    expect(distanceMetres([110.35, 28.3], [110.36, 28.3])).toBeCloseTo(979.3, 0);
    expect(distanceToPathMetres([110.355, 28.3001], ROAD_A.path)).toBeCloseTo(11.1, 0);
    expect(pointInPolygon([110.37, 28.3], ZONE.polygon)).toBe(true);
    expect(pointInPolygon([110.372, 28.3], ZONE.polygon)).toBe(false);
    const [x, y] = pointAlongPath([[110, 0], [110, 0.01], [110.01, 0.01]], 0.75);
    expect(x).toBeCloseTo(110.005, 5);
    expect(y).toBe(0.01);
  });
});

describe('position rules', () => {
  it('raises 超速 once per stretch on the road, and again after slowing down', () => {
    const { alarms } = run([fix(110.351, 28.3, 45), fix(110.352, 28.3, 50, 1), fix(110.353, 28.3, 20, 2), fix(110.354, 28.3, 35, 3)]);
    expect(alarms).toEqual(['speeding:03', 'speeding:03']);
  });

  it('judges speed by the road it is on: 35 km/h is fine on 经一路 (40) and not on 纬一路 (30)', () => {
    expect(run([fix(110.36, 28.305, 35)]).alarms).toEqual([]);
    expect(run([fix(110.355, 28.3, 35)]).alarms).toEqual(['speeding:03']);
  });

  it('raises 闯入禁行区域 on entering the zone, once', () => {
    const { alarms } = run([fix(110.368, 28.3, 10), fix(110.37, 28.3, 10, 1), fix(110.3701, 28.3, 10, 2)]);
    expect(alarms).toEqual(['forbidden_zone:02']);
  });

  it('raises 违规停车 after the road limit on a no-parking road (10 min) and after the park limit elsewhere (60 min)', () => {
    const onRoad = run([fix(110.355, 28.3, 0), fix(110.355, 28.3, 0, 10), fix(110.355, 28.3, 0, 11), fix(110.355, 28.3, 0, 12)]);
    expect(onRoad.alarms).toEqual(['long_parking:03']);
    const offRoad = run([fix(110.4, 28.4, 0), fix(110.4, 28.4, 0, 59), fix(110.4, 28.4, 1, 61)]);
    expect(offRoad.alarms).toEqual(['long_parking:03']);
    expect(offRoad.state?.stoppedSince).toBe(T0);
  });

  it('raises 偏离规划路线 when off every road of the route, and again after returning and leaving', () => {
    const permit = { routeRoadIds: ['1'], permitUntil: null };
    const { alarms } = run([fix(110.355, 28.3, 20), fix(110.36, 28.305, 20, 1), fix(110.36, 28.306, 20, 2), fix(110.355, 28.3, 20, 3), fix(110.36, 28.305, 20, 4)], permit);
    expect(alarms).toEqual(['off_route:02', 'off_route:02']);
  });

  it('raises 超时滞留 once the permitted time has passed', () => {
    const permit = { routeRoadIds: null, permitUntil: T0 + 5 * 60_000 };
    const { alarms } = run([fix(110.355, 28.3, 20, 4), fix(110.355, 28.3, 20, 6), fix(110.355, 28.3, 20, 7)], permit);
    expect(alarms).toEqual(['overstay:04']);
  });

  it('stores a late position but neither changes the state nor raises alarms', () => {
    const first = evaluatePosition(null, fix(110.355, 28.3, 20, 5), LAYOUT, null)!;
    expect(evaluatePosition(first.state, fix(110.355, 28.3, 90, 1), LAYOUT, null)).toBeNull();
  });
});
