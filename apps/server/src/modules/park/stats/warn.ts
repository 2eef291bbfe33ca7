import { sql } from 'kysely';
import { ALARM_TYPES, type AlarmType } from '@park/core';
import { formatTime, inRange, RULE_SERIES, toNum } from './common.ts';
import { violationsByCompany, violationsByType } from './parkStats.ts';
import { bucketsOf, pageOf, TIME_ZONE, toChart } from './query.ts';
import type { StatSection } from './types.ts';

const violations = (range: Parameters<typeof inRange>[1]) => sql`a.source = 'rule' and ${inRange(sql`a.alarm_time`, range)}`;

/** /api/warnanalysis/…: violations (the position rules' alarms) by company, vehicle, type, road and day. */
export const WARN: StatSection = {
  'offend/company': {
    range: 'last30',
    async run({ db, range, q }) {
      const rows = await sql<{ k: string; s: string; v: string; total: string }>`
        select coalesce(a.company_name, '未登记企业') as k, a.alarm_type as s, count(*) as v,
          sum(count(*)) over (partition by coalesce(a.company_name, '未登记企业')) as total
        from park_alarm a where ${violations(range)} group by 1, 2`.execute(db);
      const totals = new Map(rows.rows.map((r) => [r.k, toNum(r.total)]));
      const companies = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, q.limit ?? 10).map(([k]) => k);
      return { data: toChart(companies, RULE_SERIES, rows.rows) };
    },
  },
  'offend/car/trend': {
    range: 'last30',
    async run({ db, range }) {
      const rows = await sql<{ k: string; s: string; v: string }>`
        select to_char(a.alarm_time at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as k, a.alarm_type as s, count(*) as v
        from park_alarm a where ${violations(range)} group by 1, 2`.execute(db);
      return { data: toChart(bucketsOf(range, 'day'), RULE_SERIES, rows.rows) };
    },
  },
  'offend/type': { range: 'last30', run: violationsByType },
  'offend/road': {
    range: 'last30',
    async run({ db, range }) {
      const rows = await sql<{ id: string; road_name: string; v: string }>`
        select r.id, r.road_name, count(a.id) as v
        from park_road r left join park_alarm a on a.road_id = r.id and ${violations(range)}
        group by r.id, r.road_name order by 3 desc, r.id`.execute(db);
      return { datas: rows.rows.map((r) => ({ roadId: toNum(r.id), name: r.road_name, value: toNum(r.v) })) };
    },
  },
  'car/violat/alarm': {
    range: 'last30',
    async run({ db, range, q }) {
      const { limit, offset } = pageOf(q);
      const rows = await sql<{ plate: string; company_name: string | null; v: string; last_time: Date; types: string[]; total: string }>`
        select a.plate, max(a.company_name) as company_name, count(*) as v, max(a.alarm_time) as last_time,
          array_agg(distinct a.alarm_type) as types, count(*) over () as total
        from park_alarm a where ${violations(range)} and a.plate is not null
        group by a.plate order by 3 desc, 1 limit ${limit} offset ${offset}`.execute(db);
      return {
        totalCount: toNum(rows.rows[0]?.total ?? 0),
        datas: rows.rows.map((r) => ({
          plate: r.plate,
          companyName: r.company_name,
          count: toNum(r.v),
          lastTime: formatTime(r.last_time),
          alarmTypes: r.types.map((t) => ALARM_TYPES[t as AlarmType]?.label ?? t).join('、'),
        })),
      };
    },
  },
  'offend/company/top10': { range: 'last30', run: (c) => violationsByCompany(c, 10) },
};
