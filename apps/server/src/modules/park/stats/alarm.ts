import { sql } from 'kysely';
import { ALARM_LEVELS, ALARM_TYPES, HAZARDOUS_CLASSES, VEHICLE_TYPES, type AlarmLevel, type AlarmType } from '@park/core';
import { alarmLevels, contains, formatTime, formatTimeOrNull, inRange, toNum, when } from './common.ts';
import { pageOf, startOfDay } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

/** Vehicles in the park now (optionally only temporary ones), with their latest position and today's alarms. */
export async function vehiclesInPark({ db, q, now }: StatContext, temporaryOnly: boolean) {
  const { limit, offset } = pageOf(q);
  const today = startOfDay(now).toISOString();
  const rows = await sql<{
    plate: string; vehicle_type: string; hazardous_class: string | null; company_name: string | null; driver_name: string | null;
    material: string | null; load_tons: string | null; temporary: boolean; entered_time: Date; gate_name: string;
    permit_until: Date | null; lat: number | null; lng: number | null; speed: number | null; position_time: Date | null;
    alarms: string; total: string;
  }>`
    select v.plate, v.vehicle_type, v.hazardous_class, v.company_name, v.driver_name, v.material, v.load_tons, v.temporary,
      v.entered_time, g.gate_name, v.permit_until, t.lat, t.lng, t.speed, t.position_time,
      (select count(*) from park_alarm a where a.plate = v.plate and a.alarm_time >= ${today}::timestamptz) as alarms,
      count(*) over () as total
    from park_vehicle_in_park v join park_gate g on g.id = v.gate_id left join park_vehicle_track t on t.plate = v.plate
    where true ${when(temporaryOnly, () => sql`and v.temporary`)}
      ${when(q.plate, () => sql`and v.plate like ${contains(q.plate!.toUpperCase())}`)}
      ${when(q.vehicleType, () => sql`and v.vehicle_type = ${q.vehicleType}`)}
    order by v.entered_time desc, v.plate limit ${limit} offset ${offset}`.execute(db);
  return {
    totalCount: toNum(rows.rows[0]?.total ?? 0),
    datas: rows.rows.map((r) => ({
      plate: r.plate,
      vehicleType: r.vehicle_type,
      vehicleTypeName: VEHICLE_TYPES[r.vehicle_type as keyof typeof VEHICLE_TYPES] ?? r.vehicle_type,
      hazardousClass: r.hazardous_class,
      hazardousClassName: r.hazardous_class ? (HAZARDOUS_CLASSES[r.hazardous_class as keyof typeof HAZARDOUS_CLASSES] ?? null) : null,
      companyName: r.company_name,
      driverName: r.driver_name,
      material: r.material,
      loadTons: r.load_tons === null ? null : Number(r.load_tons),
      temporary: r.temporary,
      enteredTime: formatTime(r.entered_time),
      gateName: r.gate_name,
      permitUntil: formatTimeOrNull(r.permit_until),
      lat: r.lat,
      lng: r.lng,
      speed: r.speed,
      positionTime: formatTimeOrNull(r.position_time),
      todayAlarmCount: toNum(r.alarms),
    })),
  };
}

/** /api/alarm/…: what is waiting for disposal, and the alarm list (disposal itself is in alarmRoutes). */
export const ALARM: StatSection = {
  warnNumbers: {
    range: 'today',
    async run({ db, range }) {
      const [open, today] = await Promise.all([
        sql<{ k: string; v: string }>`select alarm_level as k, count(*) as v from park_alarm where handled = 0 group by 1`.execute(db),
        sql<{ total: string; handled: string }>`
          select count(*) as total, count(*) filter (where handled = 1) as handled from park_alarm a where ${inRange(sql`a.alarm_time`, range)}`.execute(db),
      ]);
      const levels = alarmLevels(open.rows);
      const t = today.rows[0]!;
      return { data: { unhandled: levels.reduce((a, l) => a + l.value, 0), levels, total: toNum(t.total), handled: toNum(t.handled) } };
    },
  },
  warnList: {
    range: 'all',
    async run({ db, q, range }) {
      const { limit, offset } = pageOf(q);
      const filters = sql`${inRange(sql`a.alarm_time`, range)}
          ${when(q.alarmLevel, () => sql`and a.alarm_level = ${q.alarmLevel}`)}
          ${when(q.alarmType, () => sql`and a.alarm_type = ${q.alarmType}`)}
          ${when(q.handled !== undefined, () => sql`and a.handled = ${q.handled}`)}
          ${when(q.plate, () => sql`and a.plate like ${contains(q.plate!.toUpperCase())}`)}`;
      const [rows, count] = await Promise.all([sql<{
        id: string; alarm_type: string; alarm_level: string; source: string; plate: string | null; company_name: string | null;
        road_name: string | null; zone_name: string | null; device_name: string | null; lat: number | null; lng: number | null;
        alarm_time: Date; content: string; handled: number; handled_name: string | null; handled_time: Date | null;
        disposal: string | null;
      }>`
        select a.id, a.alarm_type, a.alarm_level, a.source, a.plate, a.company_name, r.road_name, z.zone_name, d.device_name,
          a.lat, a.lng, a.alarm_time, a.content, a.handled, a.handled_name, a.handled_time, a.disposal
        from park_alarm a left join park_road r on r.id = a.road_id left join park_zone z on z.id = a.zone_id
          left join park_device d on d.id = a.device_id
        where ${filters}
        order by a.alarm_time desc, a.id desc limit ${limit} offset ${offset}`.execute(db),
        sql<{ n: string }>`select count(*) as n from park_alarm a where ${filters}`.execute(db),
      ]);
      return {
        totalCount: toNum(count.rows[0]?.n ?? 0),
        datas: rows.rows.map((r) => ({
          id: toNum(r.id),
          alarmType: r.alarm_type,
          alarmTypeName: ALARM_TYPES[r.alarm_type as AlarmType]?.label ?? r.alarm_type,
          alarmLevel: r.alarm_level,
          alarmLevelName: ALARM_LEVELS[r.alarm_level as AlarmLevel],
          source: r.source,
          plate: r.plate,
          companyName: r.company_name,
          roadName: r.road_name,
          zoneName: r.zone_name,
          deviceName: r.device_name,
          lat: r.lat,
          lng: r.lng,
          alarmTime: formatTime(r.alarm_time),
          content: r.content,
          handled: r.handled,
          handledName: r.handled_name,
          handledTime: formatTimeOrNull(r.handled_time),
          disposal: r.disposal,
        })),
      };
    },
  },
  parkOverviewAnalysisCarList: { range: 'all', run: (c) => vehiclesInPark(c, false) },
  parkOverviewAnalysisInterimCarList: { range: 'all', run: (c) => vehiclesInPark(c, true) },
};
