import { sql } from 'kysely';
import { HAZARDOUS_VEHICLE, HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { formTable } from '../../form/index.ts';
import { COMPANY_OR_UNKNOWN, contains, DIRECTION_SERIES, inRange, PASS_SELECT, passCounts, passView, ruleTypes, toNum, violationCounts, when, type PassRow } from './common.ts';
import { BUCKET_FORMAT, bucketsOf, pageOf, TIME_ZONE, toChart, type Bucket, type Range } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

/** Gate passes in the range by bucket and direction (入园 / 出园): days and months from the daily counts. */
async function passesBy(c: StatContext, bucket: Bucket) {
  const rows =
    bucket === 'hour'
      ? await sql<{ k: string; s: string; v: string }>`
          select to_char(p.pass_time at time zone ${TIME_ZONE}, 'HH24') as k, p.direction::text as s, count(*) as v
          from park_gate_pass p where ${inRange(sql`p.pass_time`, c.range)} group by 1, 2`.execute(c.db)
      : await sql<{ k: string; s: string; v: string }>`
          select to_char(p.day, ${BUCKET_FORMAT[bucket]}) as k, p.direction::text as s, sum(p.n) as v
          from ${passCounts(c.range)} p group by 1, 2`.execute(c.db);
  return { data: toChart(bucketsOf(c.range, bucket), DIRECTION_SERIES, rows.rows) };
}
export const passesByHour = (c: StatContext) => passesBy(c, 'hour');

/** Every gate with its entries and exits in the range (gates with none show 0). */
export async function gateInOut({ db, range }: StatContext) {
  const rows = await sql<{ id: string; gate_name: string; in_count: string; out_count: string }>`
    select g.id, g.gate_name, coalesce(sum(p.n) filter (where p.direction = 1), 0) as in_count,
      coalesce(sum(p.n) filter (where p.direction = 2), 0) as out_count
    from park_gate g left join ${passCounts(range)} p on p.gate_id = g.id
    group by g.id, g.gate_name, g.order_index order by g.order_index, g.id`.execute(db);
  return { datas: rows.rows.map((r) => ({ gateId: toNum(r.id), gateName: r.gate_name, inCount: toNum(r.in_count), outCount: toNum(r.out_count) })) };
}

/** Violations (alarms the position rules raised) in the range by type, every type present. */
export async function violationsByType({ db, range }: StatContext) {
  const rows = await sql<{ k: string; v: string }>`
    select v.alarm_type as k, sum(v.n) as v from ${violationCounts(range)} v group by 1`.execute(db);
  return { datas: ruleTypes(rows.rows) };
}

/** Violations in the range by company, most first. */
export async function violationsByCompany({ db, range, q }: StatContext, limit = q.limit ?? 20) {
  const rows = await sql<{ name: string; v: string }>`
    select ${COMPANY_OR_UNKNOWN} as name, sum(v.n) as v from ${violationCounts(range)} v
    group by 1 order by 2 desc, 1 limit ${limit}`.execute(db);
  return { datas: rows.rows.map((r) => ({ name: r.name, value: toNum(r.v) })) };
}

const hazardousEntries = (range: Range) =>
  sql`p.direction = 1 and p.vehicle_type = ${HAZARDOUS_VEHICLE} and ${inRange(sql`p.pass_time`, range)}`;
/** The same, on counted rows (passCounts). */
const HAZARDOUS_COUNTED = sql`p.direction = 1 and p.vehicle_type = ${HAZARDOUS_VEHICLE}`;

/** /api/statistics/park/…: gate flows, violations and hazardous loads over a range. */
export const PARK_STATS: StatSection = {
  'apply/counttotal': {
    range: 'last30',
    /* Entry applications are the platform's own form (危化品车辆入园登记), counted where they live. */
    async run({ db, range }) {
      const form = await db.selectFrom('form_conf').select('id').where('form_name', '=', HAZMAT_VEHICLE_FORM_NAME).executeTakeFirst();
      const categories = bucketsOf(range, 'day');
      if (!form) return { data: { total: 0, ...toChart(categories, [['n', '入园申请']], []) } };
      const rows = await sql<{ k: string; s: string; v: string }>`
        select to_char(t.create_time at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as k, 'n' as s, count(*) as v
        from ${sql.table(formTable(form.id))} t where ${inRange(sql`t.create_time`, range)} group by 1`.execute(db);
      const total = rows.rows.reduce((a, r) => a + toNum(r.v), 0);
      return { data: { total, ...toChart(categories, [['n', '入园申请']], rows.rows) } };
    },
  },
  'gate/inouttotal': { range: 'last30', run: gateInOut },
  'count/mouthtotal': { range: 'last12Months', run: (c) => passesBy(c, 'month') },
  'count/everydaytotal': { range: 'last30', run: (c) => passesBy(c, 'day') },
  'violat/count': { range: 'last30', run: violationsByType },
  'violat/company/count': { range: 'last30', run: (c) => violationsByCompany(c) },
  'chemicalcar/rank': {
    range: 'last30',
    async run({ db, range, q }) {
      const rows = await sql<{ name: string; v: string; tons: string | null }>`
        select coalesce(nullif(p.company_name, ''), '未登记企业') as name, sum(p.n) as v, sum(p.tons) as tons
        from ${passCounts(range)} p where ${HAZARDOUS_COUNTED} group by 1 order by 2 desc, 1 limit ${q.limit ?? 10}`.execute(db);
      return { datas: rows.rows.map((r) => ({ name: r.name, value: toNum(r.v), tons: Number(r.tons ?? 0) })) };
    },
  },
  'material/count': {
    range: 'last30',
    async run({ db, range }) {
      const rows = await sql<{ material: string; trips: string; tons: string | null }>`
        select coalesce(nullif(p.material, ''), '未登记') as material, sum(p.n) as trips, sum(p.tons) as tons
        from ${passCounts(range)} p where ${HAZARDOUS_COUNTED} group by 1 order by 3 desc, 1`.execute(db);
      return { datas: rows.rows.map((r) => ({ material: r.material, trips: toNum(r.trips), tons: Number(r.tons ?? 0) })) };
    },
  },
  'material/detail/count': {
    range: 'last30',
    /* Tons a day of the heaviest materials (limit, default 5) in the range. */
    async run({ db, range, q }) {
      const rows = await sql<{ k: string; s: string; v: string }>`
        with counted as (select * from ${passCounts(range)} p where ${HAZARDOUS_COUNTED} and p.material <> ''),
        top as (select material from counted group by 1 order by sum(tons) desc, 1 limit ${q.limit ?? 5})
        select to_char(d.day, 'YYYY-MM-DD') as k, d.s, d.v
        from (select c.day, c.material as s, sum(c.tons) as v from counted c join top using (material) group by 1, 2) d`.execute(db);
      const materials = [...new Set(rows.rows.map((r) => r.s))].sort((a, b) => a.localeCompare(b));
      return { data: toChart(bucketsOf(range, 'day'), materials.map((m) => [m, m] as const), rows.rows) };
    },
  },
  queryMaterialDetails: {
    range: 'last30',
    async run({ db, range, q }) {
      const { limit, offset } = pageOf(q);
      const textFilters = sql`${when(q.material, () => sql`and p.material like ${contains(q.material!)}`)}
          ${when(q.plate, () => sql`and p.plate like ${contains(q.plate!.toUpperCase())}`)}`;
      const [rows, count] = await Promise.all([
        sql<PassRow>`
          select ${PASS_SELECT} from park_gate_pass p join park_gate g on g.id = p.gate_id
          where ${hazardousEntries(range)} ${textFilters}
          order by p.pass_time desc, p.id desc limit ${limit} offset ${offset}`.execute(db),
        // Without text filters the daily counts answer the total; with them, the passes do.
        q.material || q.plate
          ? sql<{ n: string }>`select count(*) as n from park_gate_pass p where ${hazardousEntries(range)} ${textFilters}`.execute(db)
          : sql<{ n: string }>`select coalesce(sum(p.n), 0) as n from ${passCounts(range)} p where ${HAZARDOUS_COUNTED}`.execute(db),
      ]);
      return { totalCount: toNum(count.rows[0]?.n ?? 0), datas: rows.rows.map(passView) };
    },
  },
};
