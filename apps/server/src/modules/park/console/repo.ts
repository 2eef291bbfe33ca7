import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** The park console's reads (issue 24): the map's layers, the tracks, the command log, the white list. */

export function gatesWithState(db: Kysely<Database>) {
  return sql<{ id: string; gate_code: string; gate_name: string; lat: number | null; lng: number | null; cameras: string; online: string }>`
    select g.id, g.gate_code, g.gate_name, g.lat, g.lng,
      count(d.id) as cameras, count(d.id) filter (where d.online = 1) as online
    from park_gate g left join park_device d on d.gate_id = g.id and d.device_type = 'gate' and d.status = 0
    group by g.id order by g.order_index, g.id`.execute(db);
}

export const roads = (db: Kysely<Database>) => db.selectFrom('park_road').select(['id', 'road_name', 'path', 'speed_limit', 'no_parking']).orderBy('id').execute();
export const zones = (db: Kysely<Database>) => db.selectFrom('park_zone').select(['id', 'zone_name', 'zone_type', 'polygon']).orderBy('id').execute();

/** Enabled devices that stand somewhere on the map (a place, or their gate's), with a host's zones. */
export function placedDevices(db: Kysely<Database>) {
  return sql<{
    id: string; device_code: string; device_name: string; device_type: string; online: number;
    lat: number | null; lng: number | null; channel_id: string | null; zones: string[] | null;
  }>`
    select d.id, d.device_code, d.device_name, d.device_type, d.online,
      coalesce(p.lat, g.lat) as lat, coalesce(p.lng, g.lng) as lng, p.channel_id,
      (select array_agg(z.zone_name order by z.id) from park_broadcast_zone z where z.device_id = d.id) as zones
    from park_device d left join park_device_place p on p.device_id = d.id left join park_gate g on g.id = d.gate_id
    where d.status = 0 and d.device_type in ('broadcast', 'camera', 'alarm')
    order by d.device_type, d.id`.execute(db);
}

/**
 * Positions since `since` of the hazardous vehicles in the park now, oldest first per plate.
 * park_position's BRIN index on time finds the window; the vehicles in the park are few.
 */
export function recentTracks(db: Kysely<Database>, since: Date) {
  return sql<{
    plate: string; position_time: Date; lat: number; lng: number; speed: number;
    company_name: string | null; material: string | null; hazardous_class: string | null;
  }>`
    select p.plate, p.position_time, p.lat, p.lng, p.speed, v.company_name, v.material, v.hazardous_class
    from park_position p join park_vehicle_in_park v on v.plate = p.plate and v.vehicle_type = '2'
    where p.position_time >= ${since.toISOString()}::timestamptz and p.position_time <= now() + interval '10 minutes'
    order by p.plate, p.position_time, p.id`.execute(db);
}

export async function commandLog(db: Kysely<Database>, commands: readonly string[] | null, limit: number, offset: number) {
  let q = db.selectFrom('park_command_log');
  if (commands) q = q.where('command', 'in', commands);
  const [rows, count] = await Promise.all([
    q.select(['id', 'command', 'target', 'username', 'ok', 'result', 'create_time']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function whiteList(db: Kysely<Database>, plate: string | null, limit: number, offset: number) {
  let q = db.selectFrom('park_white_list as w').leftJoin('park_gate as g', 'g.id', 'w.gate_id');
  if (plate) q = q.where('w.plate', 'like', `%${plate.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, count] = await Promise.all([
    q.select(['w.id', 'w.plate', 'g.gate_name', 'w.valid_from', 'w.valid_to', 'w.owner_name']).orderBy('w.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const broadcastZoneNames = (db: Kysely<Database>, ids: string[]) =>
  ids.length ? db.selectFrom('park_broadcast_zone').select(['id', 'zone_name']).where('id', 'in', ids).execute() : Promise.resolve([]);
