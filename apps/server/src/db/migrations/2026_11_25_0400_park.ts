import { sql, type Kysely } from 'kysely';

/*
 * Park operations (issue 23): devices and their tokens, the park's layout (gates, lanes, roads,
 * zones, planned routes, broadcast zones and audio), what devices report (gate passes, person
 * passes, GPS positions, alarms, device states) and what operators do (alarm disposals, commands).
 *
 * Every reported row carries (device_id, event_id) under a unique index: a device that resends a
 * batch after a lost reply writes nothing twice. Companies are sys_company rows; the park adds
 * only what the platform lacks (risk level, type, risk points, hidden dangers, certificates).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table park_device (
      id bigint generated always as identity primary key,
      device_code text not null unique,
      device_name text not null,
      device_type text not null check (device_type in ('gate', 'gps', 'alarm', 'broadcast', 'camera', 'person_gate')),
      token_hash text not null unique,
      token_hint text not null,
      gate_id bigint,
      online smallint not null default 0 check (online in (0, 1)),
      last_seen_time timestamptz,
      status smallint not null default 0 check (status in (0, 1)),
      remark text,
      create_by bigint,
      create_time timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table park_gate (
      id bigint generated always as identity primary key,
      gate_code text not null unique,
      gate_name text not null,
      lat double precision,
      lng double precision,
      order_index integer not null default 0
    )`.execute(db);
  await sql`
    create table park_lane (
      id bigint generated always as identity primary key,
      gate_id bigint not null references park_gate (id) on delete cascade,
      lane_name text not null,
      direction smallint not null check (direction in (1, 2))
    )`.execute(db);
  await sql`alter table park_device add foreign key (gate_id) references park_gate (id) on delete set null`.execute(db);

  await sql`
    create table park_road (
      id bigint generated always as identity primary key,
      road_name text not null unique,
      path jsonb not null,
      width_m real not null default 20,
      speed_limit real not null,
      no_parking boolean not null default false,
      max_stop_minutes integer not null default 30
    )`.execute(db);
  await sql`
    create table park_zone (
      id bigint generated always as identity primary key,
      zone_name text not null unique,
      zone_type text not null check (zone_type in ('forbidden', 'area')),
      polygon jsonb not null
    )`.execute(db);
  await sql`
    create table park_route (
      id bigint generated always as identity primary key,
      route_name text not null unique,
      road_ids bigint[] not null
    )`.execute(db);

  await sql`
    create table park_gate_pass (
      id bigint generated always as identity primary key,
      device_id bigint not null references park_device (id),
      event_id text not null,
      gate_id bigint not null references park_gate (id),
      lane_id bigint references park_lane (id),
      plate text not null,
      direction smallint not null check (direction in (1, 2)),
      pass_time timestamptz not null,
      vehicle_type text not null,
      hazardous_class text,
      company_id bigint references sys_company (id) on delete set null,
      company_name text,
      driver_name text,
      driver_phone text,
      material text,
      load_tons numeric(10, 3),
      temporary boolean not null default false,
      route_id bigint references park_route (id) on delete set null,
      permit_until timestamptz,
      photo_file_id bigint,
      create_time timestamptz not null default now(),
      unique (device_id, event_id)
    )`.execute(db);
  await sql`create index park_gate_pass_time_idx on park_gate_pass (pass_time)`.execute(db);
  await sql`create index park_gate_pass_plate_idx on park_gate_pass (plate, pass_time desc)`.execute(db);

  // Passes counted by day (server time zone) and by everything the statistics group on, kept by
  // the ingestion in the same statement as the passes: a year of charts reads ~10⁴ rows, not 10⁶.
  await sql`
    create table park_pass_daily (
      day date not null,
      gate_id bigint not null,
      direction smallint not null,
      vehicle_type text not null,
      temporary boolean not null,
      company_name text not null default '',
      material text not null default '',
      n integer not null,
      tons numeric(14, 3) not null default 0,
      primary key (day, gate_id, direction, vehicle_type, temporary, company_name, material)
    )`.execute(db);

  // Derived from the passes: a vehicle is in the park between its entry and its exit.
  await sql`
    create table park_vehicle_in_park (
      plate text primary key,
      pass_id bigint not null,
      gate_id bigint not null,
      entered_time timestamptz not null,
      vehicle_type text not null,
      hazardous_class text,
      company_id bigint,
      company_name text,
      driver_name text,
      material text,
      load_tons numeric(10, 3),
      temporary boolean not null default false,
      route_id bigint,
      permit_until timestamptz
    )`.execute(db);

  await sql`
    create table park_person_pass (
      id bigint generated always as identity primary key,
      device_id bigint not null references park_device (id),
      event_id text not null,
      gate_id bigint not null references park_gate (id),
      person_name text not null,
      person_type text not null,
      id_no text,
      company_id bigint references sys_company (id) on delete set null,
      direction smallint not null check (direction in (1, 2)),
      pass_time timestamptz not null,
      unique (device_id, event_id)
    )`.execute(db);
  await sql`create index park_person_pass_time_idx on park_person_pass (pass_time)`.execute(db);
  await sql`
    create table park_person_in_park (
      person_key text primary key,
      person_name text not null,
      person_type text not null,
      entered_time timestamptz not null
    )`.execute(db);

  // Positions are append-only and read by time range: BRIN on time stays tiny at 10M rows; the
  // latest position of each vehicle lives in park_vehicle_track, so nothing scans this for "now".
  await sql`
    create table park_position (
      id bigint generated always as identity primary key,
      device_id bigint not null,
      event_id text not null,
      plate text not null,
      position_time timestamptz not null,
      lat double precision not null,
      lng double precision not null,
      speed real not null,
      unique (device_id, event_id)
    )`.execute(db);
  await sql`create index park_position_time_brin on park_position using brin (position_time)`.execute(db);
  await sql`
    create table park_vehicle_track (
      plate text primary key,
      position_time timestamptz not null,
      lat double precision not null,
      lng double precision not null,
      speed real not null,
      road_id bigint,
      stopped_since timestamptz,
      active_rules text[] not null default '{}'
    )`.execute(db);

  await sql`
    create table park_alarm (
      id bigint generated always as identity primary key,
      alarm_type text not null,
      alarm_level text not null check (alarm_level in ('01', '02', '03', '04')),
      source text not null check (source in ('device', 'rule')),
      device_id bigint references park_device (id) on delete set null,
      event_id text,
      plate text,
      company_id bigint references sys_company (id) on delete set null,
      company_name text,
      road_id bigint references park_road (id) on delete set null,
      zone_id bigint references park_zone (id) on delete set null,
      lat double precision,
      lng double precision,
      alarm_time timestamptz not null,
      content text not null,
      handled smallint not null default 0 check (handled in (0, 1)),
      handled_by bigint,
      handled_name text,
      handled_time timestamptz,
      disposal text,
      unique (device_id, event_id)
    )`.execute(db);
  await sql`create index park_alarm_time_idx on park_alarm (alarm_time)`.execute(db);
  await sql`create index park_alarm_unhandled_idx on park_alarm (alarm_level, alarm_time desc) where handled = 0`.execute(db);
  await sql`create index park_alarm_plate_idx on park_alarm (plate, alarm_time) where source = 'rule'`.execute(db);
  // Violations (rule alarms) counted by local day, type, company and road, kept by the ingestion.
  await sql`
    create table park_violation_daily (
      day date not null,
      alarm_type text not null,
      company_name text not null default '',
      road_id bigint not null default 0,
      n integer not null,
      primary key (day, alarm_type, company_name, road_id)
    )`.execute(db);
  await sql`
    create table park_alarm_disposal (
      id bigint generated always as identity primary key,
      alarm_id bigint not null references park_alarm (id) on delete cascade,
      user_id bigint,
      username text,
      disposal text not null,
      create_time timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table park_device_event (
      id bigint generated always as identity primary key,
      device_id bigint not null references park_device (id) on delete cascade,
      event_id text not null,
      online smallint not null check (online in (0, 1)),
      event_time timestamptz not null,
      unique (device_id, event_id)
    )`.execute(db);

  await sql`
    create table park_command_log (
      id bigint generated always as identity primary key,
      command text not null,
      target text,
      params jsonb,
      user_id bigint,
      username text,
      ok boolean not null,
      result jsonb,
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table park_white_list (
      id bigint generated always as identity primary key,
      plate text not null,
      gate_id bigint references park_gate (id) on delete cascade,
      valid_from timestamptz not null,
      valid_to timestamptz not null,
      owner_name text,
      create_time timestamptz not null default now(),
      unique nulls not distinct (plate, gate_id)
    )`.execute(db);

  await sql`
    create table park_broadcast_zone (
      id bigint generated always as identity primary key,
      zone_name text not null unique,
      device_id bigint references park_device (id) on delete set null
    )`.execute(db);
  await sql`
    create table park_broadcast_file (
      id bigint generated always as identity primary key,
      group_name text not null,
      file_name text not null,
      duration_s integer not null,
      unique (group_name, file_name)
    )`.execute(db);

  await sql`
    create table park_company_profile (
      company_id bigint primary key references sys_company (id) on delete cascade,
      risk_level text not null check (risk_level in ('01', '02', '03', '04')),
      corp_type text not null,
      major_hazard boolean not null default false
    )`.execute(db);
  await sql`
    create table park_risk_point (
      id bigint generated always as identity primary key,
      company_id bigint not null references sys_company (id) on delete cascade,
      point_name text not null,
      risk_level text not null check (risk_level in ('01', '02', '03', '04')),
      major_hazard boolean not null default false
    )`.execute(db);
  await sql`
    create table park_hidden_danger (
      id bigint generated always as identity primary key,
      company_id bigint not null references sys_company (id) on delete cascade,
      title text not null,
      danger_level text not null check (danger_level in ('general', 'major')),
      found_time timestamptz not null,
      deadline timestamptz,
      rectified_time timestamptz
    )`.execute(db);
  await sql`create index park_hidden_danger_found_idx on park_hidden_danger (found_time)`.execute(db);
  await sql`
    create table park_certificate (
      id bigint generated always as identity primary key,
      company_id bigint not null references sys_company (id) on delete cascade,
      cert_name text not null,
      cert_no text not null,
      expire_date date not null
    )`.execute(db);
}

const TABLES = [
  'park_certificate', 'park_hidden_danger', 'park_risk_point', 'park_company_profile', 'park_broadcast_file',
  'park_broadcast_zone', 'park_white_list', 'park_command_log', 'park_device_event', 'park_alarm_disposal',
  'park_violation_daily', 'park_alarm', 'park_vehicle_track', 'park_position', 'park_person_in_park', 'park_person_pass',
  'park_vehicle_in_park', 'park_pass_daily', 'park_gate_pass', 'park_route', 'park_zone', 'park_road', 'park_lane', 'park_device', 'park_gate',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
}
