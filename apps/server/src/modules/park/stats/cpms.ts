import { sql } from 'kysely';
import { inRange, PASS_SELECT, passCounts, passFilters, passView, toNum, when, type PassRow } from './common.ts';
import { vehiclesInPark } from './alarm.ts';
import { pageOf } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

/** A page of passes, newest first; the total comes from the daily counts unless a plate is searched. */
async function passPage({ db, q, range }: StatContext) {
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    sql<PassRow>`
      select ${PASS_SELECT} from park_gate_pass p join park_gate g on g.id = p.gate_id
      where ${inRange(sql`p.pass_time`, range)} ${passFilters(q)}
      order by p.pass_time desc, p.id desc limit ${limit} offset ${offset}`.execute(db),
    q.plate
      ? sql<{ n: string }>`select count(*) as n from park_gate_pass p where ${inRange(sql`p.pass_time`, range)} ${passFilters(q)}`.execute(db)
      : sql<{ n: string }>`
          select coalesce(sum(p.n), 0) as n from ${passCounts(range)} p where true
            ${when(q.gateId, () => sql`and p.gate_id = ${q.gateId}`)}
            ${when(q.direction, () => sql`and p.direction = ${q.direction}`)}
            ${when(q.vehicleType, () => sql`and p.vehicle_type = ${q.vehicleType}`)}`.execute(db),
  ]);
  return { totalCount: toNum(count.rows[0]?.n ?? 0), datas: rows.rows.map(passView) };
}

/** /api/cpms/…: vehicles in the park and the gates' pass records. */
export const CPMS: StatSection = {
  getCurrentParkCarsListPage: { range: 'all', run: (c) => vehiclesInPark(c, false) },
  getHistoryInoutCars: { range: 'last30', run: passPage },
  getCurrentInoutCars: {
    range: 'all',
    async run({ db, q }) {
      const rows = await sql<PassRow>`
        select ${PASS_SELECT} from park_gate_pass p join park_gate g on g.id = p.gate_id
        where true ${passFilters(q)} order by p.pass_time desc, p.id desc limit ${q.limit ?? 20}`.execute(db);
      return { datas: rows.rows.map(passView) };
    },
  },
  getInoutCurrentCarsListPage: { range: 'today', run: passPage },
  getDayInOutCars: {
    range: 'today',
    async run({ db, range }) {
      const r = await sql<{ i: string; o: string; in_park: string }>`
        select coalesce(sum(n) filter (where direction = 1), 0) as i, coalesce(sum(n) filter (where direction = 2), 0) as o,
          (select count(*) from park_vehicle_in_park) as in_park
        from ${passCounts(range)} p`.execute(db);
      const row = r.rows[0]!;
      return { data: { in: toNum(row.i), out: toNum(row.o), inPark: toNum(row.in_park) } };
    },
  },
};
