import { sql } from 'kysely';
import { RISK_LEVELS, type RiskLevel } from '@park/core';
import { contains, inRange, riskLevels, toNum, when } from './common.ts';
import { dayKey, pageOf } from './query.ts';
import type { StatContext, StatSection } from './types.ts';

/** Approved companies by risk level (a company with no park profile has no level yet). */
export async function companiesByRisk({ db }: StatContext) {
  const rows = await sql<{ k: string; v: string }>`
    select p.risk_level as k, count(*) as v from park_company_profile p
    join sys_company c on c.id = p.company_id and c.status = '1' group by 1`.execute(db);
  return { datas: riskLevels(rows.rows) };
}

/** /api/corp/…: the park's companies, their risk, hidden dangers and certificates. */
export const CORP: StatSection = {
  corplist: {
    range: 'all',
    async run({ db, q }) {
      const { limit, offset } = pageOf(q);
      const rows = await sql<{
        id: string; company_name: string; company_code: string; corp_type: string | null; risk_level: string | null;
        major_hazard: boolean | null; risk_points: string; open_dangers: string; total: string;
      }>`
        select c.id, c.company_name, c.company_code, p.corp_type, p.risk_level, p.major_hazard,
          (select count(*) from park_risk_point r where r.company_id = c.id) as risk_points,
          (select count(*) from park_hidden_danger h where h.company_id = c.id and h.rectified_time is null) as open_dangers,
          count(*) over () as total
        from sys_company c left join park_company_profile p on p.company_id = c.id
        where c.status = '1'
          ${when(q.companyName, () => sql`and c.company_name like ${contains(q.companyName!)}`)}
          ${when(q.riskLevel, () => sql`and p.risk_level = ${q.riskLevel}`)}
        order by coalesce(p.risk_level, '99'), c.id
        limit ${limit} offset ${offset}`.execute(db);
      return {
        totalCount: toNum(rows.rows[0]?.total ?? 0),
        datas: rows.rows.map((r) => ({
          companyId: toNum(r.id),
          companyName: r.company_name,
          companyCode: r.company_code,
          corpType: r.corp_type,
          riskLevel: r.risk_level,
          riskLevelName: r.risk_level ? RISK_LEVELS[r.risk_level as RiskLevel] : null,
          majorHazard: r.major_hazard ?? false,
          riskPointCount: toNum(r.risk_points),
          openHiddenDangerCount: toNum(r.open_dangers),
        })),
      };
    },
  },
  corprisktotal: { range: 'all', run: companiesByRisk },
  hiddendangertotal: {
    range: 'thisYear',
    async run({ db, range, now }) {
      const r = await sql<{ total: string; rectified: string; unrectified: string; overdue: string; major: string }>`
        select count(*) as total, count(rectified_time) as rectified,
          count(*) filter (where rectified_time is null) as unrectified,
          count(*) filter (where rectified_time is null and deadline < ${now.toISOString()}::timestamptz) as overdue,
          count(*) filter (where danger_level = 'major') as major
        from park_hidden_danger h where ${inRange(sql`h.found_time`, range)}`.execute(db);
      const row = r.rows[0]!;
      return { data: { total: toNum(row.total), rectified: toNum(row.rectified), unrectified: toNum(row.unrectified), overdue: toNum(row.overdue), major: toNum(row.major) } };
    },
  },
  certexpirtotal: {
    range: 'all',
    async run({ db, q, now }) {
      const today = dayKey(now);
      const days = q.days ?? 30;
      const counts = await sql<{ expired: string; expiring: string; valid: string }>`
        select count(*) filter (where expire_date < ${today}::date) as expired,
          count(*) filter (where expire_date >= ${today}::date and expire_date <= ${today}::date + ${days}::int) as expiring,
          count(*) filter (where expire_date > ${today}::date + ${days}::int) as valid
        from park_certificate`.execute(db);
      const list = await sql<{ company_name: string; cert_name: string; cert_no: string; expire_date: string; days_left: number }>`
        select c.company_name, k.cert_name, k.cert_no, to_char(k.expire_date, 'YYYY-MM-DD') as expire_date,
          (k.expire_date - ${today}::date) as days_left
        from park_certificate k join sys_company c on c.id = k.company_id
        where k.expire_date <= ${today}::date + ${days}::int
        order by k.expire_date, k.id limit ${q.limit ?? 50}`.execute(db);
      const row = counts.rows[0]!;
      return {
        data: { expired: toNum(row.expired), expiring: toNum(row.expiring), valid: toNum(row.valid), days },
        datas: list.rows.map((r) => ({ companyName: r.company_name, certName: r.cert_name, certNo: r.cert_no, expireDate: r.expire_date, daysLeft: Number(r.days_left) })),
      };
    },
  },
};
