import { ALARM_TYPES, type AlarmLevel, type RuleAlarmType } from './constants.ts';
import { distanceToPathMetres, pointInPolygon, type LngLat } from './geometry.ts';

export interface RoadGeo {
  id: string;
  name: string;
  path: readonly LngLat[];
  /** A position within half this width of the centre line is on the road. */
  widthM: number;
  /** km/h */
  speedLimit: number;
  noParking: boolean;
  maxStopMinutes: number;
}

export interface ZoneGeo {
  id: string;
  name: string;
  type: 'forbidden' | 'area';
  polygon: readonly LngLat[];
}

export interface ParkLayout {
  roads: readonly RoadGeo[];
  zones: readonly ZoneGeo[];
  /** Stopping longer than this anywhere off a no-parking road is 违规停车 too. */
  maxStopMinutes: number;
}

export interface PositionFix {
  plate: string;
  /** epoch ms */
  time: number;
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
}

/** What the rules remember of a vehicle between positions. */
export interface TrackState {
  time: number;
  roadId: string | null;
  stoppedSince: number | null;
  /** Rule keys currently in breach: an alarm is raised when a key appears, not again while it stays. */
  activeRules: readonly string[];
}

/** The vehicle's entry: its planned route and how long it may stay (null when not in the park). */
export interface VehiclePermit {
  routeRoadIds: readonly string[] | null;
  permitUntil: number | null;
}

export interface RuleAlarm {
  type: RuleAlarmType;
  level: AlarmLevel;
  content: string;
  roadId: string | null;
  zoneId: string | null;
}

/** What every rule sees about one position. */
interface RuleInput {
  fix: PositionFix;
  road: RoadGeo | null;
  stoppedSince: number | null;
  layout: ParkLayout;
  permit: VehiclePermit | null;
}

/** A breach: its key (one alarm per key while it lasts) and how the alarm reads. */
interface Breach {
  key: string;
  content: string;
  roadId?: string | null;
  zoneId?: string | null;
}

type Rule = (input: RuleInput) => Breach[];

/** Below this speed (km/h) a vehicle counts as stopped. */
export const STOPPED_KMH = 3;

const minutes = (ms: number) => Math.floor(ms / 60_000);

/** One rule per alarm type; a new rule is a new entry here, and the type system asks for its label. */
export const POSITION_RULES: Record<RuleAlarmType, Rule> = {
  speeding: ({ fix, road }) =>
    road && fix.speed > road.speedLimit
      ? [{ key: `speeding:${road.id}`, roadId: road.id, content: `车辆${fix.plate}在${road.name}超速行驶：${Math.round(fix.speed)} km/h（限速 ${road.speedLimit} km/h）` }]
      : [],
  forbidden_zone: ({ fix, layout }) =>
    layout.zones
      .filter((z) => z.type === 'forbidden' && pointInPolygon([fix.lng, fix.lat], z.polygon))
      .map((z) => ({ key: `forbidden_zone:${z.id}`, zoneId: z.id, content: `车辆${fix.plate}闯入禁行区域：${z.name}` })),
  long_parking: ({ fix, road, stoppedSince, layout }) => {
    if (stoppedSince === null) return [];
    const limit = road?.noParking ? road.maxStopMinutes : layout.maxStopMinutes;
    const stopped = fix.time - stoppedSince;
    if (stopped <= limit * 60_000) return [];
    const where = road ? road.name : '园区内';
    return [{ key: `long_parking:${stoppedSince}`, roadId: road?.id ?? null, content: `车辆${fix.plate}在${where}停车 ${minutes(stopped)} 分钟，超过 ${limit} 分钟` }];
  },
  off_route: ({ fix, layout, permit }) => {
    const routeIds = permit?.routeRoadIds;
    if (!routeIds || routeIds.length === 0) return [];
    const route = layout.roads.filter((r) => routeIds.includes(r.id));
    if (route.length === 0 || route.some((r) => onRoad(fix, r))) return [];
    return [{ key: 'off_route', content: `车辆${fix.plate}偏离规划路线（${route.map((r) => r.name).join('、')}）` }];
  },
  overstay: ({ fix, permit }) =>
    permit?.permitUntil != null && fix.time > permit.permitUntil
      ? [{ key: 'overstay', content: `车辆${fix.plate}超过准许停留时间 ${minutes(fix.time - permit.permitUntil)} 分钟仍在园区` }]
      : [],
};

function onRoad(fix: PositionFix, road: RoadGeo): boolean {
  return distanceToPathMetres([fix.lng, fix.lat], road.path) <= road.widthM / 2;
}

/** The road the vehicle is on: the nearest whose half-width covers it, preferring the previous one on a tie. */
export function matchRoad(fix: PositionFix, roads: readonly RoadGeo[]): RoadGeo | null {
  let best: RoadGeo | null = null;
  let bestD = Infinity;
  for (const road of roads) {
    const d = distanceToPathMetres([fix.lng, fix.lat], road.path);
    if (d <= road.widthM / 2 && d < bestD) {
      best = road;
      bestD = d;
    }
  }
  return best;
}

const typeOfKey = (key: string) => key.split(':')[0] as RuleAlarmType;

/**
 * One position through every rule. Positions older than the state are history (a device
 * catching up): they are stored but change neither the state nor raise alarms.
 */
export function evaluatePosition(
  prev: TrackState | null,
  fix: PositionFix,
  layout: ParkLayout,
  permit: VehiclePermit | null,
): { state: TrackState; alarms: RuleAlarm[] } | null {
  if (prev && fix.time < prev.time) return null;
  const road = matchRoad(fix, layout.roads);
  const stoppedSince = fix.speed < STOPPED_KMH ? (prev?.stoppedSince ?? fix.time) : null;
  const input: RuleInput = { fix, road, stoppedSince, layout, permit };
  const breaches = (Object.keys(POSITION_RULES) as RuleAlarmType[]).flatMap((type) => POSITION_RULES[type](input));
  const before = new Set(prev?.activeRules ?? []);
  const alarms = breaches
    .filter((b) => !before.has(b.key))
    .map((b): RuleAlarm => {
      const type = typeOfKey(b.key);
      return { type, level: ALARM_TYPES[type].level, content: b.content, roadId: b.roadId ?? null, zoneId: b.zoneId ?? null };
    });
  return {
    state: { time: fix.time, roadId: road?.id ?? null, stoppedSince, activeRules: breaches.map((b) => b.key) },
    alarms,
  };
}
