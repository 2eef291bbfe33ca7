import { sql } from 'kysely';
import { ALARM_TYPES, type AlarmType } from '@park/core';
import { COMPANY_OR_UNKNOWN, formatTime, inRange, RULE_SERIES, toNum, violationCounts } from './common.ts';
import { violationsByCompany, violationsByType } from './parkStats.ts';
import { bucketsOf, pageOf, toChart } from './query.ts';
import type { StatSection } from './types.ts';

const violations = (range: Parameters<typeof inRange>[1]) => sql`a.source = 'rule' and ${inRange(sql`a.alarm_time`, range)}`;

/** /api/warnanalysis/…: violations (the position rules' alarms) by company, vehicle, type, road and day. */
export const WARN: StatSection = {
  'offend/company': {
    range: 'last30',
    async run({ db, range, q }) {
      const rows = await sql<{ k: string; s: string; v: string; total: string }>`
        select ${COMPANY_OR_UNKNOWN} as k, v.alarm_type as s, sum(v.n) as v, sum(sum(v.n)) over (partition by ${COMPANY_OR_UNKNOWN}) as total
        from ${violationCounts(range)} v group by 1, 2`.execute(db);
      const totals = new Map(rows.rows.map((r) => [r.k, toNum(r.total)]));
      const companies = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, q.limit ?? 10).map(([k]) => k);
      return { data: toChart(companies, RULE_SERIES, rows.rows) };
    },
  },
  'offend/car/trend': {
    range: 'last30',
    /* Grouped by the date and formatted once per group, not once per counted row. */
    async run({ db, range }) {
      const rows = await sql<{ k: string; s: string; v: string }>`
        select to_char(d.day, 'YYYY-MM-DD') as k, d.s, d.v
        from (select v.day, v.alarm_type as s, sum(v.n) as v from ${violationCounts(range)} v group by 1, 2) d`.execute(db);
      return { data: toChart(bucketsOf(range, 'day'), RULE_SERIES, rows.rows) };
    },
  },
  'offend/type': { range: 'last30', run: violationsByType },
  'offend/road': {
    range: 'last30',
    async run({ db, range }) {
      const rows = await sql<{ id: string; road_name: string; v: string }>`
        select r.id, r.road_name, coalesce(sum(v.n), 0) as v
        from park_road r left join ${violationCounts(range)} v on v.road_id = r.id
        group by r.id, r.road_name order by 3 desc, r.id`.execute(db);
      return { datas: rows.rows.map((r) => ({ roadId: toNum(r.id), name: r.road_name, value: toNum(r.v) })) };
    },
  },
  'car/violat/alarm': {
    range: 'last30',
    /* Vehicles by violations. Both statements read only the (plate, alarm_time) index (index-only
       scans, already in plate order: no hash, no sort and no heap page of the violations); the
       total is counted apart because a window over every group spilled to disk. The company and
       types are then read for the page's vehicles only. */
    async run({ db, range, q }) {
      const { limit, offset } = pageOf(q);
      const byPlate = sql`from park_alarm a where ${violations(range)} and a.plate is not null`;
      const [page, total] = await Promise.all([
        sql<{ plate: string; v: string; last_time: Date }>`
          select a.plate, count(*) as v, max(a.alarm_time) as last_time ${byPlate}
          group by a.plate order by v desc, a.plate limit ${limit} offset ${offset}`.execute(db),
        sql<{ n: string }>`select count(distinct a.plate) as n ${byPlate}`.execute(db),
      ]);
      const plates = page.rows.map((r) => r.plate);
      const details = plates.length
        ? await sql<{ plate: string; company_name: string | null; types: string[] }>`
            select a.plate, max(a.company_name) as company_name, array_agg(distinct a.alarm_type) as types from park_alarm a
            where a.plate = any(${plates}::text[]) and ${violations(range)} group by a.plate`.execute(db)
        : { rows: [] };
      const detailOf = new Map(details.rows.map((r) => [r.plate, r]));
      return {
        totalCount: toNum(total.rows[0]?.n ?? 0),
        datas: page.rows.map((r) => ({
          plate: r.plate,
          companyName: detailOf.get(r.plate)?.company_name ?? null,
          count: toNum(r.v),
          lastTime: formatTime(r.last_time),
          alarmTypes: (detailOf.get(r.plate)?.types ?? []).map((t) => ALARM_TYPES[t as AlarmType]?.label ?? t).join('、'),
        })),
      };
    },
  },
  'offend/company/top10': { range: 'last30', run: (c) => violationsByCompany(c, 10) },
};
