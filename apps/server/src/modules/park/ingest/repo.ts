import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { SUPER_ROLE_CODE } from '../../user/worker.ts';
import { TIME_ZONE } from '../format.ts';

/*
 * Every write here is one statement over arrays (unnest), whatever the batch size: on a 2-core
 * machine a round trip per event would cost more than the inserts themselves. Each insert skips
 * events already stored (device_id, event_id), which is what makes a resent batch harmless.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface GatePassRow {
  eventId: string;
  gateId: string;
  plate: string;
  direction: number;
  passTime: number;
  vehicleType: string;
  hazardousClass: string | null;
  companyId: string | null;
  companyName: string | null;
  driverName: string | null;
  driverPhone: string | null;
  material: string | null;
  loadTons: number | null;
  temporary: boolean;
  routeId: string | null;
  permitUntil: number | null;
  photoFileId: number | null;
}

/** Stores the passes and moves vehicles in and out of park_vehicle_in_park by each plate's latest new pass. */
export async function insertGatePasses(db: Kysely<Database>, deviceId: string, rows: GatePassRow[]): Promise<number> {
  const col = <K extends keyof GatePassRow>(k: K) => rows.map((r) => r[k]);
  const result = await sql<{ accepted: string }>`
    with ins as (
      insert into park_gate_pass (device_id, event_id, gate_id, plate, direction, pass_time, vehicle_type, hazardous_class,
        company_id, company_name, driver_name, driver_phone, material, load_tons, temporary, route_id, permit_until, photo_file_id)
      select ${deviceId}::bigint, * from unnest(
        ${col('eventId')}::text[], ${col('gateId')}::bigint[], ${col('plate')}::text[], ${col('direction')}::smallint[],
        ${rows.map((r) => iso(r.passTime))}::timestamptz[], ${col('vehicleType')}::text[], ${col('hazardousClass')}::text[],
        ${col('companyId')}::bigint[], ${col('companyName')}::text[], ${col('driverName')}::text[], ${col('driverPhone')}::text[],
        ${col('material')}::text[], ${col('loadTons')}::numeric[], ${col('temporary')}::boolean[], ${col('routeId')}::bigint[],
        ${rows.map((r) => iso(r.permitUntil))}::timestamptz[], ${col('photoFileId')}::bigint[])
      on conflict (device_id, event_id) do nothing
      returning *
    ),
    daily as (
      insert into park_pass_daily (day, gate_id, direction, vehicle_type, temporary, company_name, material, n, tons)
      select (pass_time at time zone ${TIME_ZONE})::date, gate_id, direction, vehicle_type, temporary, coalesce(company_name, ''),
        coalesce(material, ''), count(*), coalesce(sum(load_tons), 0)
      from ins group by 1, 2, 3, 4, 5, 6, 7
      on conflict (day, gate_id, direction, vehicle_type, temporary, company_name, material)
      do update set n = park_pass_daily.n + excluded.n, tons = park_pass_daily.tons + excluded.tons
      returning 1
    ),
    latest as (select distinct on (plate) * from ins order by plate, pass_time desc, id desc),
    entered as (
      insert into park_vehicle_in_park (plate, pass_id, gate_id, entered_time, vehicle_type, hazardous_class, company_id,
        company_name, driver_name, material, load_tons, temporary, route_id, permit_until)
      select plate, id, gate_id, pass_time, vehicle_type, hazardous_class, company_id, company_name, driver_name, material,
        load_tons, temporary, route_id, permit_until
      from latest l
      where l.direction = 1
        and not exists (select 1 from park_gate_pass p where p.plate = l.plate and p.direction = 2 and p.pass_time > l.pass_time)
      on conflict (plate) do update set pass_id = excluded.pass_id, gate_id = excluded.gate_id, entered_time = excluded.entered_time,
        vehicle_type = excluded.vehicle_type, hazardous_class = excluded.hazardous_class, company_id = excluded.company_id,
        company_name = excluded.company_name, driver_name = excluded.driver_name, material = excluded.material,
        load_tons = excluded.load_tons, temporary = excluded.temporary, route_id = excluded.route_id, permit_until = excluded.permit_until
      where park_vehicle_in_park.entered_time <= excluded.entered_time
      returning plate
    ),
    exited as (
      delete from park_vehicle_in_park v using latest l
      where l.direction = 2 and v.plate = l.plate and v.entered_time <= l.pass_time
      returning v.plate
    )
    select (select count(*) from ins) as accepted, (select count(*) from entered) + (select count(*) from exited) as moved,
      (select count(*) from daily) as days`.execute(db);
  return Number(result.rows[0]?.accepted ?? 0);
}

/** Recounts park_pass_daily from the passes (after a bulk load that bypassed the ingestion). */
export async function rebuildPassDaily(db: Kysely<Database>): Promise<void> {
  await sql`delete from park_pass_daily`.execute(db);
  await sql`
    insert into park_pass_daily (day, gate_id, direction, vehicle_type, temporary, company_name, material, n, tons)
    select (pass_time at time zone ${TIME_ZONE})::date, gate_id, direction, vehicle_type, temporary, coalesce(company_name, ''),
      coalesce(material, ''), count(*), coalesce(sum(load_tons), 0)
    from park_gate_pass group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
}

export interface PersonPassRow {
  eventId: string;
  gateId: string;
  personName: string;
  personType: string;
  idNo: string | null;
  companyId: string | null;
  direction: number;
  passTime: number;
}

/** Person passes; a person is known by the id number, or by name when the gate reads none. */
export async function insertPersonPasses(db: Kysely<Database>, deviceId: string, rows: PersonPassRow[]): Promise<number> {
  const col = <K extends keyof PersonPassRow>(k: K) => rows.map((r) => r[k]);
  const result = await sql<{ accepted: string }>`
    with ins as (
      insert into park_person_pass (device_id, event_id, gate_id, person_name, person_type, id_no, company_id, direction, pass_time)
      select ${deviceId}::bigint, * from unnest(${col('eventId')}::text[], ${col('gateId')}::bigint[], ${col('personName')}::text[],
        ${col('personType')}::text[], ${col('idNo')}::text[], ${col('companyId')}::bigint[], ${col('direction')}::smallint[],
        ${rows.map((r) => iso(r.passTime))}::timestamptz[])
      on conflict (device_id, event_id) do nothing
      returning *
    ),
    latest as (select distinct on (coalesce(id_no, person_name)) coalesce(id_no, person_name) as person_key, *
               from ins order by coalesce(id_no, person_name), pass_time desc, id desc),
    entered as (
      insert into park_person_in_park (person_key, person_name, person_type, entered_time)
      select person_key, person_name, person_type, pass_time from latest where direction = 1
      on conflict (person_key) do update set person_name = excluded.person_name, person_type = excluded.person_type,
        entered_time = excluded.entered_time
      where park_person_in_park.entered_time <= excluded.entered_time
      returning person_key
    ),
    exited as (
      delete from park_person_in_park v using latest l
      where l.direction = 2 and v.person_key = l.person_key and v.entered_time <= l.pass_time
      returning v.person_key
    )
    select (select count(*) from ins) as accepted, (select count(*) from entered) + (select count(*) from exited) as moved`.execute(db);
  return Number(result.rows[0]?.accepted ?? 0);
}

export interface PositionRow {
  eventId: string;
  plate: string;
  time: number;
  lat: number;
  lng: number;
  speed: number;
}

export interface TrackRow {
  plate: string;
  time: number;
  lat: number;
  lng: number;
  speed: number;
  roadId: string | null;
  stoppedSince: number | null;
  activeRules: string[];
}

export interface TrackAndPermit {
  plate: string;
  position_time: Date | null;
  road_id: string | null;
  stopped_since: Date | null;
  active_rules: string[] | null;
  in_park: boolean;
  route_id: string | null;
  permit_until: Date | null;
  company_id: string | null;
  company_name: string | null;
}

/**
 * Stores the positions and, in the same round trip, reads the rules' memory of the batch's
 * vehicles (locked until the batch commits, in plate order so two batches never deadlock) with
 * their entry if in the park: planned route, permitted stay, company. Answers the event ids that
 * were new (the others were resent) and the vehicles.
 */
export async function insertPositionsAndLockTracks(db: Kysely<Database>, deviceId: string, rows: PositionRow[]) {
  const plates = [...new Set(rows.map((r) => r.plate))];
  const result = await sql<TrackAndPermit & { kind: 'event' | 'track' }>`
    with ins as (
      insert into park_position (device_id, event_id, plate, position_time, lat, lng, speed)
      select ${deviceId}::bigint, * from unnest(${rows.map((r) => r.eventId)}::text[], ${rows.map((r) => r.plate)}::text[],
        ${rows.map((r) => iso(r.time))}::timestamptz[], ${rows.map((r) => r.lat)}::float8[], ${rows.map((r) => r.lng)}::float8[],
        ${rows.map((r) => r.speed)}::real[])
      on conflict (device_id, event_id) do nothing
      returning event_id),
    locked as (
      select plate, position_time, road_id, stopped_since, active_rules from park_vehicle_track
      where plate = any(${plates}::text[]) order by plate for update)
    select 'event' as kind, event_id as plate, null::timestamptz as position_time, null::bigint as road_id, null::timestamptz as stopped_since,
      null::text[] as active_rules, false as in_park, null::bigint as route_id, null::timestamptz as permit_until, null::bigint as company_id,
      null::text as company_name
    from ins
    union all
    select 'track', p.plate, l.position_time, l.road_id, l.stopped_since, l.active_rules, v.plate is not null, v.route_id, v.permit_until,
      v.company_id, v.company_name
    from unnest(${plates}::text[]) as p(plate)
      left join locked l on l.plate = p.plate
      left join park_vehicle_in_park v on v.plate = p.plate`.execute(db);
  return {
    fresh: new Set(result.rows.filter((r) => r.kind === 'event').map((r) => r.plate)),
    tracks: result.rows.filter((r) => r.kind === 'track'),
  };
}

/* Rule keys are ids and type names, never this character: the keys travel as one text each. */
const RULE_KEY_SEPARATOR = String.fromCharCode(31);

/** The tracks' upsert, in plate order (as they were locked). */
function trackUpsert(rows: TrackRow[]) {
  const sorted = [...rows].sort((a, b) => (a.plate < b.plate ? -1 : a.plate > b.plate ? 1 : 0));
  return sql`
    insert into park_vehicle_track (plate, position_time, lat, lng, speed, road_id, stopped_since, active_rules)
    select t.plate, t.position_time, t.lat, t.lng, t.speed, t.road_id, t.stopped_since,
      case when t.active_rules = '' then '{}'::text[] else string_to_array(t.active_rules, chr(31)) end
    from unnest(${sorted.map((r) => r.plate)}::text[], ${sorted.map((r) => iso(r.time))}::timestamptz[], ${sorted.map((r) => r.lat)}::float8[],
      ${sorted.map((r) => r.lng)}::float8[], ${sorted.map((r) => r.speed)}::real[], ${sorted.map((r) => r.roadId)}::bigint[],
      ${sorted.map((r) => iso(r.stoppedSince))}::timestamptz[], ${sorted.map((r) => r.activeRules.join(RULE_KEY_SEPARATOR))}::text[])
      as t(plate, position_time, lat, lng, speed, road_id, stopped_since, active_rules)
    on conflict (plate) do update set position_time = excluded.position_time, lat = excluded.lat, lng = excluded.lng,
      speed = excluded.speed, road_id = excluded.road_id, stopped_since = excluded.stopped_since, active_rules = excluded.active_rules
    returning 1`;
}

export interface AlarmRow {
  alarmType: string;
  alarmLevel: string;
  source: 'device' | 'rule';
  deviceId: string | null;
  eventId: string | null;
  plate: string | null;
  companyId: string | null;
  companyName: string | null;
  roadId: string | null;
  zoneId: string | null;
  lat: number | null;
  lng: number | null;
  time: number;
  content: string;
}

/** The alarms' insert (device alarms once per event id), returning what the violation count needs. */
function alarmInsert(rows: AlarmRow[]) {
  const col = <K extends keyof AlarmRow>(k: K) => rows.map((r) => r[k]);
  return sql`
    insert into park_alarm (alarm_type, alarm_level, source, device_id, event_id, plate, company_id, company_name, road_id, zone_id,
      lat, lng, alarm_time, content)
    select * from unnest(${col('alarmType')}::text[], ${col('alarmLevel')}::text[], ${col('source')}::text[], ${col('deviceId')}::bigint[],
      ${col('eventId')}::text[], ${col('plate')}::text[], ${col('companyId')}::bigint[], ${col('companyName')}::text[],
      ${col('roadId')}::bigint[], ${col('zoneId')}::bigint[], ${col('lat')}::float8[], ${col('lng')}::float8[],
      ${rows.map((r) => iso(r.time))}::timestamptz[], ${col('content')}::text[])
    on conflict (device_id, event_id) do nothing
    returning id, alarm_level, alarm_type, content, source, alarm_time, company_name, road_id`;
}

/* Violations (rule alarms) among the new alarms (CTE "ins"), added to the daily counts. */
const COUNT_VIOLATIONS = sql`
  insert into park_violation_daily (day, alarm_type, company_name, road_id, n)
  select (alarm_time at time zone ${TIME_ZONE})::date, alarm_type, coalesce(company_name, ''), coalesce(road_id, 0), count(*)
  from ins where source = 'rule' group by 1, 2, 3, 4
  on conflict (day, alarm_type, company_name, road_id) do update set n = park_violation_daily.n + excluded.n
  returning 1`;

export interface StoredAlarm {
  id: string;
  alarm_level: string;
  alarm_type: string;
  content: string;
}

/** Stores alarms and counts the violations by day; answers the new ones. */
export async function insertAlarms(db: Kysely<Database>, rows: AlarmRow[]): Promise<StoredAlarm[]> {
  if (rows.length === 0) return [];
  const result = await sql<StoredAlarm>`
    with ins as (${alarmInsert(rows)}), daily as (${COUNT_VIOLATIONS})
    select id, alarm_level, alarm_type, content from ins`.execute(db);
  return result.rows;
}

/** Writes the rules' tracks back and stores the alarms they raised, in one statement. */
export async function saveTracksAndAlarms(db: Kysely<Database>, tracks: TrackRow[], alarms: AlarmRow[]): Promise<StoredAlarm[]> {
  const result = await sql<StoredAlarm>`
    with tracks as (${trackUpsert(tracks)}), ins as (${alarmInsert(alarms)}), daily as (${COUNT_VIOLATIONS})
    select id, alarm_level, alarm_type, content from ins`.execute(db);
  return result.rows;
}

/** Recounts park_violation_daily from the alarms (after a bulk load that bypassed the ingestion). */
export async function rebuildViolationDaily(db: Kysely<Database>): Promise<void> {
  await sql`delete from park_violation_daily`.execute(db);
  await sql`
    insert into park_violation_daily (day, alarm_type, company_name, road_id, n)
    select (alarm_time at time zone ${TIME_ZONE})::date, alarm_type, coalesce(company_name, ''), coalesce(road_id, 0), count(*)
    from park_alarm where source = 'rule' group by 1, 2, 3, 4`.execute(db);
}

export interface DeviceStateRow {
  eventId: string;
  online: number;
  time: number;
}

/** Records state reports; the device's current flag follows its newest report. */
export async function insertDeviceStates(db: Kysely<Database>, deviceId: string, rows: DeviceStateRow[]): Promise<number> {
  const result = await sql<{ accepted: string }>`
    with ins as (
      insert into park_device_event (device_id, event_id, online, event_time)
      select ${deviceId}::bigint, * from unnest(${rows.map((r) => r.eventId)}::text[], ${rows.map((r) => r.online)}::smallint[],
        ${rows.map((r) => iso(r.time))}::timestamptz[])
      on conflict (device_id, event_id) do nothing
      returning online, event_time
    ),
    newest as (select online, event_time from ins order by event_time desc limit 1),
    upd as (
      update park_device d set online = n.online, last_seen_time = greatest(d.last_seen_time, n.event_time)
      from newest n where d.id = ${deviceId}::bigint and (d.last_seen_time is null or d.last_seen_time <= n.event_time)
      returning d.id
    )
    select (select count(*) from ins) as accepted`.execute(db);
  return Number(result.rows[0]?.accepted ?? 0);
}

/**
 * Any report shows the device is alive. Called after the batch commits, and it writes only when
 * the flag is off or the time is 10 s old: two batches of one device in flight must not queue
 * behind each other on the device's row.
 */
export async function touchDevice(db: Kysely<Database>, deviceId: string): Promise<void> {
  await sql`update park_device set online = 1, last_seen_time = now()
    where id = ${deviceId}::bigint and (online = 0 or last_seen_time is null or last_seen_time < now() - interval '10 seconds')`.execute(db);
}

export async function companiesByCode(db: Kysely<Database>, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await db.selectFrom('sys_company').select(['id', 'company_code', 'company_name']).where('company_code', 'in', codes).execute();
  return new Map(rows.map((r) => [r.company_code, { id: r.id, name: r.company_name }]));
}

/** Who hears of a level-1 alarm at once: the park administrators and the system administrators. */
export async function alarmReceivers(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select distinct u.id from sys_user u
    join sys_user_role ur on ur.user_id = u.id
    join sys_role r on r.id = ur.role_id and r.role_code in (${SUPER_ROLE_CODE}, 'park_admin')
    where u.status = 0`.execute(db);
  return rows.rows.map((r) => r.id);
}
