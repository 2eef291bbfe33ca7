import { sql } from 'kysely';
import { inRange, PASS_SELECT, passFilters, passView, toNum, type PassRow } from './common.ts';
import { vehiclesInPark } from './alarm.ts';
import { pageOf } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

async function passPage({ db, q, range }: StatContext) {
  const { limit, offset } = pageOf(q);
  const rows = await sql<PassRow & { total: string }>`
    select ${PASS_SELECT}, count(*) over () as total
    from park_gate_pass p join park_gate g on g.id = p.gate_id
    where ${inRange(sql`p.pass_time`, range)} ${passFilters(q)}
    order by p.pass_time desc, p.id desc limit ${limit} offset ${offset}`.execute(db);
  return { totalCount: toNum(rows.rows[0]?.total ?? 0), datas: rows.rows.map(passView) };
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
        select count(*) filter (where direction = 1) as i, count(*) filter (where direction = 2) as o,
          (select count(*) from park_vehicle_in_park) as in_park
        from park_gate_pass p where ${inRange(sql`p.pass_time`, range)}`.execute(db);
      const row = r.rows[0]!;
      return { data: { in: toNum(row.i), out: toNum(row.o), inPark: toNum(row.in_park) } };
    },
  },
};
