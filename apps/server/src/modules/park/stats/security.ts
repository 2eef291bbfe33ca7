import { sql } from 'kysely';
import { RISK_LEVELS, RISK_LEVEL_CODES, type RiskLevel } from '@park/core';
import { alarmLevels, inRange, riskLevels, toNum } from './common.ts';
import { companiesByRisk } from './corp.ts';
import { BUCKET_FORMAT, bucketsOf, TIME_ZONE, toChart } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

/** Alarms in the range: totals, handled state and levels. */
export async function alarmTotals({ db, range }: StatContext) {
  const [totals, levels] = await Promise.all([
    sql<{ total: string; handled: string }>`
      select count(*) as total, count(*) filter (where handled = 1) as handled from park_alarm a
      where ${inRange(sql`a.alarm_time`, range)}`.execute(db),
    sql<{ k: string; v: string }>`
      select alarm_level as k, count(*) as v from park_alarm a where ${inRange(sql`a.alarm_time`, range)} group by 1`.execute(db),
  ]);
  const t = totals.rows[0]!;
  return { data: { total: toNum(t.total), handled: toNum(t.handled), unhandled: toNum(t.total) - toNum(t.handled), levels: alarmLevels(levels.rows) } };
}

/** /api/securitysituation/…: the park's safety picture for the console's 安全态势 panels. */
export const SECURITY: StatSection = {
  corptypetotal: {
    range: 'all',
    async run({ db }) {
      const rows = await sql<{ k: string; v: string }>`
        select p.corp_type as k, count(*) as v from park_company_profile p
        join sys_company c on c.id = p.company_id and c.status = '1' group by 1 order by 2 desc, 1`.execute(db);
      return { datas: rows.rows.map((r) => ({ name: r.k, value: toNum(r.v) })) };
    },
  },
  corprisktotal: { range: 'all', run: companiesByRisk },
  riskpointtotal: {
    range: 'all',
    async run({ db }) {
      const rows = await sql<{ k: string; v: string }>`select risk_level as k, count(*) as v from park_risk_point group by 1`.execute(db);
      return { datas: riskLevels(rows.rows) };
    },
  },
  corpriskpointtotal: {
    range: 'all',
    async run({ db, q }) {
      const rows = await sql<{ company_name: string; risk_level: string; v: string; total: string }>`
        select c.company_name, r.risk_level, count(*) as v, sum(count(*)) over (partition by c.id) as total
        from park_risk_point r join sys_company c on c.id = r.company_id
        group by c.id, c.company_name, r.risk_level`.execute(db);
      const totals = new Map<string, number>();
      for (const r of rows.rows) totals.set(r.company_name, toNum(r.total));
      const companies = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, q.limit ?? 20).map(([n]) => n);
      return {
        data: toChart(
          companies,
          RISK_LEVEL_CODES.map((c) => [c, RISK_LEVELS[c]] as const),
          rows.rows.map((r) => ({ k: r.company_name, s: r.risk_level, v: r.v })),
        ),
      };
    },
  },
  majcorptotal: {
    range: 'all',
    async run({ db }) {
      const r = await sql<{ companies: string; major_companies: string; major_points: string }>`
        select (select count(*) from sys_company where status = '1') as companies,
          (select count(*) from park_company_profile p join sys_company c on c.id = p.company_id and c.status = '1' where p.major_hazard) as major_companies,
          (select count(*) from park_risk_point where major_hazard) as major_points`.execute(db);
      const row = r.rows[0]!;
      return { data: { companies: toNum(row.companies), majorHazardCompanies: toNum(row.major_companies), majorHazardPoints: toNum(row.major_points) } };
    },
  },
  majcorpinfo: {
    range: 'all',
    async run({ db }) {
      const rows = await sql<{ id: string; company_name: string; risk_level: string; points: string[] }>`
        select c.id, c.company_name, p.risk_level,
          coalesce(array(select r.point_name from park_risk_point r where r.company_id = c.id and r.major_hazard order by r.id), '{}') as points
        from park_company_profile p join sys_company c on c.id = p.company_id and c.status = '1'
        where p.major_hazard order by p.risk_level, c.id`.execute(db);
      return {
        datas: rows.rows.map((r) => ({ companyId: toNum(r.id), companyName: r.company_name, riskLevel: r.risk_level, riskLevelName: RISK_LEVELS[r.risk_level as RiskLevel], majorHazardPoints: r.points })),
      };
    },
  },
  corphiddanger: {
    range: 'thisYear',
    async run({ db, range, q }) {
      const rows = await sql<{ company_name: string; rectified: string; open: string }>`
        select c.company_name, count(h.rectified_time) as rectified, count(*) filter (where h.rectified_time is null) as open
        from park_hidden_danger h join sys_company c on c.id = h.company_id
        where ${inRange(sql`h.found_time`, range)}
        group by c.id, c.company_name order by count(*) desc, c.id limit ${q.limit ?? 20}`.execute(db);
      return {
        data: {
          categories: rows.rows.map((r) => r.company_name),
          series: [
            { name: '已整改', data: rows.rows.map((r) => toNum(r.rectified)) },
            { name: '未整改', data: rows.rows.map((r) => toNum(r.open)) },
          ],
        },
      };
    },
  },
  parkhiddanger: {
    range: 'last12Months',
    async run({ db, range }) {
      const f = BUCKET_FORMAT.month;
      const rows = await sql<{ k: string; s: string; v: string }>`
        select to_char(found_time at time zone ${TIME_ZONE}, ${f}) as k, 'found' as s, count(*) as v
        from park_hidden_danger h where ${inRange(sql`h.found_time`, range)} group by 1
        union all
        select to_char(rectified_time at time zone ${TIME_ZONE}, ${f}), 'rectified', count(*)
        from park_hidden_danger h where ${inRange(sql`h.rectified_time`, range)} group by 1`.execute(db);
      return { data: toChart(bucketsOf(range, 'month'), [['found', '发现隐患'], ['rectified', '已整改']], rows.rows) };
    },
  },
  warntotal: { range: 'today', run: alarmTotals },
};
