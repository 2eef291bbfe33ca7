import { sql, type RawBuilder } from 'kysely';
import {
  ALARM_LEVELS,
  HAZARDOUS_CLASSES,
  PASS_DIRECTIONS,
  RISK_LEVELS,
  RULE_ALARM_TYPES,
  ALARM_TYPES,
  VEHICLE_TYPES,
} from '@park/core';
import { formatTime, formatTimeOrNull, toNum } from '../format.ts';
import { dayKey, TIME_ZONE, type Range, type StatQuery } from './query.ts';

/** Counts by code into one entry per code of the enumeration, zeros included, in its order. */
export function perCode<K extends string>(labels: Record<K, string | { label: string }>, rows: ReadonlyArray<{ k: string | null; v: string | number }>) {
  const counts = new Map(rows.map((r) => [String(r.k), Number(r.v)]));
  return (Object.keys(labels) as K[]).map((code) => {
    const l = labels[code];
    return { code, name: typeof l === 'string' ? l : l.label, value: counts.get(code) ?? 0 };
  });
}

export const riskLevels = (rows: ReadonlyArray<{ k: string | null; v: string | number }>) => perCode(RISK_LEVELS, rows);
export const alarmLevels = (rows: ReadonlyArray<{ k: string | null; v: string | number }>) => perCode(ALARM_LEVELS, rows);
export const ruleTypes = (rows: ReadonlyArray<{ k: string | null; v: string | number }>) =>
  perCode(Object.fromEntries(RULE_ALARM_TYPES.map((t) => [t, ALARM_TYPES[t].label])) as Record<string, string>, rows);
export const RULE_SERIES: ReadonlyArray<readonly [string, string]> = RULE_ALARM_TYPES.map((t) => [t, ALARM_TYPES[t].label] as const);
export const DIRECTION_SERIES: ReadonlyArray<readonly [string, string]> = [['1', PASS_DIRECTIONS[1]], ['2', PASS_DIRECTIONS[2]]];

export const inRange = (column: RawBuilder<unknown>, r: Range) => sql`${column} >= ${r.from.toISOString()}::timestamptz and ${column} < ${r.to.toISOString()}::timestamptz`;

/** LIKE on user text: the text matches itself, never as a wildcard. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const when = (cond: unknown, fragment: () => RawBuilder<unknown>) => (cond ? fragment() : sql``);

/** The filters the pass lists share. */
export function passFilters(q: StatQuery) {
  return sql`${when(q.plate, () => sql`and p.plate like ${contains(q.plate!.toUpperCase())}`)}
    ${when(q.gateId, () => sql`and p.gate_id = ${q.gateId}`)}
    ${when(q.direction, () => sql`and p.direction = ${q.direction}`)}
    ${when(q.vehicleType, () => sql`and p.vehicle_type = ${q.vehicleType}`)}`;
}

export interface PassRow {
  id: string;
  plate: string;
  direction: number;
  pass_time: Date;
  gate_id: string;
  gate_name: string;
  vehicle_type: string;
  hazardous_class: string | null;
  company_name: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  material: string | null;
  load_tons: string | null;
  temporary: boolean;
  photo_file_id: string | null;
}

export const PASS_SELECT = sql`p.id, p.plate, p.direction, p.pass_time, p.gate_id, g.gate_name, p.vehicle_type, p.hazardous_class,
  p.company_name, p.driver_name, p.driver_phone, p.material, p.load_tons, p.temporary, p.photo_file_id`;

const label = <T extends Record<string, string>>(labels: T, code: string | null) => (code === null ? null : (labels[code as keyof T] ?? code));

export function passView(r: PassRow) {
  return {
    id: toNum(r.id),
    plate: r.plate,
    direction: r.direction,
    directionName: PASS_DIRECTIONS[r.direction as 1 | 2],
    passTime: formatTime(r.pass_time),
    gateId: toNum(r.gate_id),
    gateName: r.gate_name,
    vehicleType: r.vehicle_type,
    vehicleTypeName: label(VEHICLE_TYPES, r.vehicle_type),
    hazardousClass: r.hazardous_class,
    hazardousClassName: label(HAZARDOUS_CLASSES, r.hazardous_class),
    companyName: r.company_name,
    driverName: r.driver_name,
    driverPhone: r.driver_phone,
    material: r.material,
    loadTons: r.load_tons === null ? null : Number(r.load_tons),
    temporary: r.temporary,
    photoFileId: r.photo_file_id === null ? null : toNum(r.photo_file_id),
  };
}

export { formatTime, formatTimeOrNull, toNum };

/** The range as local days when it starts and ends at midnight (what park_pass_daily can answer). */
export function wholeDays(r: Range): { from: string; to: string } | null {
  const midnight = (d: Date) => d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
  return midnight(r.from) && midnight(r.to) ? { from: dayKey(r.from), to: dayKey(r.to) } : null;
}

/**
 * Gate passes in the range as counted rows (day, gate, direction, vehicle type, temporary,
 * company, material, n, tons): from the daily counts when the range is whole days, else from the
 * passes themselves, one row each. Aggregates sum n and tons, so both read alike.
 */
export function passCounts(r: Range) {
  const days = wholeDays(r);
  return days
    ? sql`(select day, gate_id, direction, vehicle_type, temporary, company_name, material, n, tons from park_pass_daily
           where day >= ${days.from}::date and day < ${days.to}::date)`
    : sql`(select (pass_time at time zone ${TIME_ZONE})::date as day, gate_id, direction, vehicle_type, temporary,
             coalesce(company_name, '') as company_name, coalesce(material, '') as material, 1 as n, coalesce(load_tons, 0) as tons
           from park_gate_pass where ${inRange(sql`pass_time`, r)})`;
}

/**
 * Violations (rule alarms) in the range as counted rows (day, alarm_type, company_name, road_id, n),
 * from the daily counts when the range is whole days, else from the alarms.
 */
export function violationCounts(r: Range) {
  const days = wholeDays(r);
  return days
    ? sql`(select day, alarm_type, company_name, road_id, n from park_violation_daily where day >= ${days.from}::date and day < ${days.to}::date)`
    : sql`(select (alarm_time at time zone ${TIME_ZONE})::date as day, alarm_type, coalesce(company_name, '') as company_name,
             coalesce(road_id, 0) as road_id, 1 as n
           from park_alarm where source = 'rule' and ${inRange(sql`alarm_time`, r)})`;
}

/** A company name as the charts show it. */
export const COMPANY_OR_UNKNOWN = sql`coalesce(nullif(v.company_name, ''), '未登记企业')`;
