import { sql } from 'kysely';
import { DEVICE_TYPES, HAZARDOUS_VEHICLE, PERSON_TYPES, type DeviceType } from '@park/core';
import { inRange, passCounts, perCode, toNum } from './common.ts';
import { gateInOut, passesByHour } from './parkStats.ts';
import type { StatContext, StatSection } from './types.ts';

async function personFlow({ db, range }: StatContext) {
  const r = await sql<{ in_count: string; out_count: string; in_park: string }>`
    select count(*) filter (where direction = 1) as in_count, count(*) filter (where direction = 2) as out_count,
      (select count(*) from park_person_in_park) as in_park
    from park_person_pass p where ${inRange(sql`p.pass_time`, range)}`.execute(db);
  const row = r.rows[0]!;
  return { data: { in: toNum(row.in_count), out: toNum(row.out_count), inPark: toNum(row.in_park) } };
}

/** /api/statistics/parkoverview/…: the park right now and today. */
export const OVERVIEW: StatSection = {
  queryDeviceOnlineState: {
    range: 'all',
    async run({ db }) {
      const rows = await sql<{ device_type: string; online: string; offline: string }>`
        select device_type, count(*) filter (where online = 1) as online, count(*) filter (where online = 0) as offline
        from park_device where status = 0 group by 1`.execute(db);
      const byType = new Map(rows.rows.map((r) => [r.device_type, r]));
      const datas = (Object.keys(DEVICE_TYPES) as DeviceType[]).map((t) => {
        const r = byType.get(t);
        const online = toNum(r?.online ?? 0);
        const offline = toNum(r?.offline ?? 0);
        return { deviceType: t, name: DEVICE_TYPES[t].label, online, offline, total: online + offline };
      });
      const online = datas.reduce((a, d) => a + d.online, 0);
      const offline = datas.reduce((a, d) => a + d.offline, 0);
      return { data: { online, offline, total: online + offline }, datas };
    },
  },
  'car/inpark/total': {
    range: 'all',
    async run({ db }) {
      const r = await sql<{ total: string; hazardous: string; temporary: string; ordinary: string; tons: string | null }>`
        select count(*) as total, count(*) filter (where vehicle_type = ${HAZARDOUS_VEHICLE}) as hazardous,
          count(*) filter (where temporary) as temporary,
          count(*) filter (where vehicle_type <> ${HAZARDOUS_VEHICLE} and not temporary) as ordinary,
          sum(load_tons) filter (where vehicle_type = ${HAZARDOUS_VEHICLE}) as tons
        from park_vehicle_in_park`.execute(db);
      const row = r.rows[0]!;
      return {
        data: { total: toNum(row.total), hazardous: toNum(row.hazardous), temporary: toNum(row.temporary), ordinary: toNum(row.ordinary), hazardousTons: Number(row.tons ?? 0) },
      };
    },
  },
  'car/flow/total': {
    range: 'today',
    async run({ db, range }) {
      const r = await sql<{ i: string; o: string; hi: string; ho: string }>`
        select coalesce(sum(n) filter (where direction = 1), 0) as i, coalesce(sum(n) filter (where direction = 2), 0) as o,
          coalesce(sum(n) filter (where direction = 1 and vehicle_type = ${HAZARDOUS_VEHICLE}), 0) as hi,
          coalesce(sum(n) filter (where direction = 2 and vehicle_type = ${HAZARDOUS_VEHICLE}), 0) as ho
        from ${passCounts(range)} p`.execute(db);
      const row = r.rows[0]!;
      return { data: { in: toNum(row.i), out: toNum(row.o), hazardousIn: toNum(row.hi), hazardousOut: toNum(row.ho) } };
    },
  },
  'temporary/car/count': {
    range: 'today',
    async run({ db, range }) {
      const r = await sql<{ i: string; o: string; in_park: string }>`
        select coalesce(sum(n) filter (where direction = 1), 0) as i, coalesce(sum(n) filter (where direction = 2), 0) as o,
          (select count(*) from park_vehicle_in_park where temporary) as in_park
        from ${passCounts(range)} p where p.temporary`.execute(db);
      const row = r.rows[0]!;
      return { data: { in: toNum(row.i), out: toNum(row.o), inPark: toNum(row.in_park) } };
    },
  },
  statisticalPersonInOutTotal: { range: 'today', run: personFlow },
  'gate/car': { range: 'today', run: gateInOut },
  'car/hour': { range: 'today', run: passesByHour },
  statisticalPersonCountByTypeInParkNow: {
    range: 'all',
    async run({ db }) {
      const rows = await sql<{ k: string; v: string }>`select person_type as k, count(*) as v from park_person_in_park group by 1`.execute(db);
      return { datas: perCode(Object.fromEntries(PERSON_TYPES.map((t) => [t, t])) as Record<string, string>, rows.rows).map(({ name, value }) => ({ name, value })) };
    },
  },
};
