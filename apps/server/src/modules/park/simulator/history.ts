import { sql, type Kysely } from 'kysely';
import { ALARM_TYPES, RULE_ALARM_TYPES } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { TIME_ZONE } from '../format.ts';
import { rebuildPassDaily, rebuildViolationDaily } from '../ingest/repo.ts';

/*
 * A month of the demo park's past, so every chart has data on the first start. Set-based: each
 * table is one INSERT … SELECT over generate_series (a few tens of thousands of rows in well
 * under a second), never a loop of single inserts.
 */

const MATERIALS = ['甲醇', '硫酸', '液氨', '液氯', '苯', '盐酸', '氢氧化钠溶液'];
const CLASSES = ['3', '8', '2', '2', '3', '8', '8'];
const CARRIERS = ['湘江物流有限公司', '长岭石化运输有限公司', '岳阳危货运输有限公司'];
const PERSON_NAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '军', '洋', '勇', '艳', '杰'];

/** The SQL for a plate from a number: 湘 + a letter + five digits, always a valid plate. */
const plateOf = (n: ReturnType<typeof sql>) =>
  sql`format('湘%s%s', substr('ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (${n} % 24)::int, 1), lpad((10000 + (${n} * 211) % 89999)::text, 5, '0'))`;

export async function generateHistory(db: Kysely<Database>, days: number, now = new Date()): Promise<void> {
  const from = new Date(now.getTime() - days * 86_400_000).toISOString();
  const until = new Date(now.getTime() - 10 * 60_000).toISOString();
  const nowIso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Vehicles: entries by the daily rhythm (peaks 7–9 and 17–19), each leaving 0.5–7.5 h later.
    await sql`
      with gates as (
        select g.id as gate_id, d.id as device_id, row_number() over (order by g.order_index, g.id) - 1 as gi
        from park_gate g join lateral (select id from park_device where gate_id = g.id and device_type = 'gate' order by id limit 1) d on true),
      comps as (select array_agg(id order by id) as ids, array_agg(company_name order by id) as names from sys_company where status = '1'),
      route as (select id from park_route order by id limit 1),
      minutes as (
        select m, extract(hour from m at time zone ${TIME_ZONE})::int as h
        from generate_series(date_trunc('minute', ${from}::timestamptz), ${until}::timestamptz, interval '1 minute') m),
      entries as (
        select row_number() over (order by m) as k, m from minutes
        where random() < case when h between 7 and 9 then 0.7 when h between 10 and 16 then 0.4 when h between 17 and 19 then 0.35
                              when h between 20 and 22 then 0.08 else 0.02 end),
      v as (
        select k, m as entered, m + interval '1 minute' * (30 + floor(random() * 420)) as exited,
          (k * 7919) % 420 as p, random() as r1, floor(random() * 7)::int as mi, floor(random() * 4)::int as ci, round((5 + random() * 30)::numeric, 1) as tons
        from entries),
      rows as (
        select v.*, ${plateOf(sql`v.p`)} as plate,
          case when r1 < 0.28 then '2' when r1 < 0.36 then '4' when r1 < 0.55 then '3' else '1' end as vt
        from v),
      placed as (
        select r.*, g.gate_id, g.device_id,
          case when r.vt = '2' and r.ci < 2 then (select ids[r.ci + 1] from comps) end as company_id,
          case when r.vt <> '2' then null when r.ci < 2 then (select names[r.ci + 1] from comps) else (${CARRIERS}::text[])[r.ci - 1] end as company_name
        from rows r join gates g on g.gi = case when r.vt = '2' then least(2, (select count(*) - 1 from gates)) else r.k % 2 end),
      ins as (
        insert into park_gate_pass (device_id, event_id, gate_id, plate, direction, pass_time, vehicle_type, hazardous_class, company_id,
          company_name, driver_name, material, load_tons, temporary, route_id)
        select device_id, 'hist-in-' || k, gate_id, plate, 1, entered, vt, case when vt = '2' then (${CLASSES}::text[])[mi + 1] end,
          company_id, company_name, case when vt = '2' then (${PERSON_NAMES}::text[])[1 + k % 10] || '师傅' end,
          case when vt = '2' then (${MATERIALS}::text[])[mi + 1] end, case when vt = '2' then tons end, vt = '4',
          case when vt = '2' then (select id from route) end
        from placed
        union all
        select device_id, 'hist-out-' || k, gate_id, plate, 2, exited, vt, null, company_id, company_name, null, null, null, vt = '4', null
        from placed where exited < ${nowIso}::timestamptz
        returning id, event_id)
      insert into park_vehicle_in_park (plate, pass_id, gate_id, entered_time, vehicle_type, hazardous_class, company_id, company_name,
        driver_name, material, load_tons, temporary, route_id)
      select distinct on (p.plate) p.plate, i.id, p.gate_id, p.entered, p.vt, case when p.vt = '2' then (${CLASSES}::text[])[p.mi + 1] end,
        p.company_id, p.company_name, null, case when p.vt = '2' then (${MATERIALS}::text[])[p.mi + 1] end, case when p.vt = '2' then p.tons end,
        p.vt = '4', case when p.vt = '2' then (select id from route) end
      from placed p join ins i on i.event_id = 'hist-in-' || p.k
      where p.exited >= ${nowIso}::timestamptz
      order by p.plate, p.entered desc
      on conflict (plate) do nothing`.execute(trx);
    await rebuildPassDaily(trx);

    // Violations: about one entry in sixteen breaks a rule 10–120 minutes after coming in.
    const types = RULE_ALARM_TYPES;
    await sql`
      with roads as (select array_agg(id order by id) as ids from park_road),
      zone as (select id from park_zone where zone_type = 'forbidden' order by id limit 1),
      picked as (
        select p.plate, p.company_id, p.company_name, p.pass_time + interval '1 minute' * (10 + floor(random() * 110)) as t,
          (${types}::text[])[1 + floor(random() * ${types.length})::int] as type, random() as r
        from park_gate_pass p where p.event_id like 'hist-in-%' and random() < 0.0625)
      insert into park_alarm (alarm_type, alarm_level, source, plate, company_id, company_name, road_id, zone_id, alarm_time, content,
        handled, handled_name, handled_time, disposal)
      select type, (${JSON.stringify(Object.fromEntries(types.map((t) => [t, ALARM_TYPES[t].level])))}::jsonb ->> type),
        'rule', plate, company_id, company_name,
        case when type in ('speeding', 'long_parking') then (select ids[1 + floor(r * array_length(ids, 1))::int] from roads) end,
        case when type = 'forbidden_zone' then (select id from zone) end, t,
        '车辆' || plate || (${JSON.stringify(Object.fromEntries(types.map((t) => [t, ALARM_TYPES[t].label])))}::jsonb ->> type),
        case when t < ${nowIso}::timestamptz - interval '1 day' and r < 0.95 then 1 else 0 end,
        case when t < ${nowIso}::timestamptz - interval '1 day' and r < 0.95 then '系统管理员' end,
        case when t < ${nowIso}::timestamptz - interval '1 day' and r < 0.95 then t + interval '20 minutes' end,
        case when t < ${nowIso}::timestamptz - interval '1 day' and r < 0.95 then '已联系驾驶员纠正' end
      from picked where t < ${nowIso}::timestamptz`.execute(trx);
    await rebuildViolationDaily(trx);

    // Device alarms: about one a day, from the alarm hosts; all but the last day's handled.
    await sql`
      with hosts as (select array_agg(id order by id) as ids from park_device where device_type = 'alarm'),
      kinds as (select array['gas_leak', 'intrusion', 'equipment', 'fire', 'toxic_gas'] as t, array['01', '02', '04', '01', '01'] as l,
                       array['可燃气体浓度超过一级报警值', '周界红外对射报警', '探测器通讯故障', '烟感报警（演练）', '有毒气体浓度超标'] as c),
      d as (select day, floor(random() * 5)::int + 1 as i, day + interval '1 minute' * floor(random() * 1440) as t
            from generate_series(${from}::timestamptz, ${until}::timestamptz, interval '1 day') day)
      insert into park_alarm (alarm_type, alarm_level, source, device_id, event_id, alarm_time, content, handled, handled_name, handled_time, disposal)
      select k.t[d.i], k.l[d.i], 'device', (select ids[1] from hosts), 'hist-' || extract(epoch from d.t)::bigint, d.t, k.c[d.i],
        case when d.t < ${nowIso}::timestamptz - interval '1 day' then 1 else 0 end,
        case when d.t < ${nowIso}::timestamptz - interval '1 day' then '系统管理员' end,
        case when d.t < ${nowIso}::timestamptz - interval '1 day' then d.t + interval '30 minutes' end,
        case when d.t < ${nowIso}::timestamptz - interval '1 day' then '现场确认后复位' end
      from d, kinds k where d.t < ${nowIso}::timestamptz and (select ids[1] from hosts) is not null`.execute(trx);

    // People: about 150 a day through the face gates, staying 4–10 hours.
    await sql`
      with gates as (select array_agg(d.id order by d.id) as devices, array_agg(d.gate_id order by d.id) as gate_ids from park_device d where d.device_type = 'person_gate'),
      p as (
        select k, (k * 37) % 160 as who, d + interval '1 minute' * (360 + floor(random() * 240)) as entered
        from generate_series(${from}::timestamptz, ${until}::timestamptz, interval '1 day') d, generate_series(1, 150) k),
      v as (
        select row_number() over () as n, who, entered, entered + interval '1 minute' * (240 + floor(random() * 360)) as exited,
          (${PERSON_NAMES}::text[])[1 + who % 10] || (${GIVEN}::text[])[1 + (who / 10) % 12] as name,
          (array['员工', '员工', '员工', '承包商', '访客', '司机'])[1 + who % 6] as type
        from p where entered < ${until}::timestamptz),
      ins as (
        insert into park_person_pass (device_id, event_id, gate_id, person_name, person_type, id_no, direction, pass_time)
        select (select devices[1 + n % 2] from gates), 'hist-in-' || n, (select gate_ids[1 + n % 2] from gates), name, type, 'P' || lpad(who::text, 6, '0'), 1, entered from v
        union all
        select (select devices[1 + n % 2] from gates), 'hist-out-' || n, (select gate_ids[1 + n % 2] from gates), name, type, 'P' || lpad(who::text, 6, '0'), 2, exited
        from v where exited < ${nowIso}::timestamptz
        returning 1)
      insert into park_person_in_park (person_key, person_name, person_type, entered_time)
      select distinct on (who) 'P' || lpad(who::text, 6, '0'), name, type, entered from v
      where exited >= ${nowIso}::timestamptz and (select count(*) from ins) >= 0
      order by who, entered desc
      on conflict (person_key) do nothing`.execute(trx);

    // Hidden dangers over the past year: most rectified within three weeks.
    await sql`
      with comps as (select array_agg(id order by id) as ids from sys_company where status = '1'),
      h as (select k, ${nowIso}::timestamptz - interval '1 day' * floor(random() * 365) as found, random() as r from generate_series(1, 60) k)
      insert into park_hidden_danger (company_id, title, danger_level, found_time, deadline, rectified_time)
      select (select ids[1 + k % array_length(ids, 1)] from comps),
        (array['储罐区防火堤破损', '消防通道堆放杂物', '可燃气体探测器未定期标定', '作业票证填写不规范', '静电接地线松动', '应急物资过期'])[1 + k % 6],
        case when k % 7 = 0 then 'major' else 'general' end, found, found + interval '15 days',
        case when r < 0.75 and found + interval '1 day' * (1 + floor(r * 20)) < ${nowIso}::timestamptz then found + interval '1 day' * (1 + floor(r * 20)) end
      from h where (select ids from comps) is not null`.execute(trx);
  });
}
