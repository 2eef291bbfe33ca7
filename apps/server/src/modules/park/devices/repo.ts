import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export const DEVICE_COLUMNS = [
  'd.id', 'd.device_code', 'd.device_name', 'd.device_type', 'd.token_hint', 'd.gate_id', 'd.online',
  'd.last_seen_time', 'd.status', 'd.remark', 'd.create_time', 'g.gate_name',
] as const;

export interface DeviceFilter {
  keyword: string | null;
  deviceType: string | null;
  online: number | null;
  status: number | null;
}

function filtered(db: Kysely<Database>, f: DeviceFilter) {
  let q = db.selectFrom('park_device as d').leftJoin('park_gate as g', 'g.id', 'd.gate_id');
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('d.device_name', 'like', like), eb('d.device_code', 'like', like)]));
  }
  if (f.deviceType) q = q.where('d.device_type', '=', f.deviceType);
  if (f.online !== null) q = q.where('d.online', '=', f.online);
  if (f.status !== null) q = q.where('d.status', '=', f.status);
  return q;
}

export async function listDevices(db: Kysely<Database>, f: DeviceFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).select(DEVICE_COLUMNS).orderBy('d.id').offset(offset).limit(limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findDevice(db: Kysely<Database>, id: string) {
  return db.selectFrom('park_device as d').leftJoin('park_gate as g', 'g.id', 'd.gate_id').select(DEVICE_COLUMNS).where('d.id', '=', id).executeTakeFirst();
}

export async function codeTaken(db: Kysely<Database>, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('park_device').select('id').where(sql`lower(device_code)`, '=', code.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function gateExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('park_gate').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** What the ingestion calls need of the device a token belongs to. */
export async function deviceByTokenHash(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('park_device')
    .select(['id', 'device_code', 'device_name', 'device_type', 'gate_id', 'status'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export async function hasReports(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await sql<{ used: boolean }>`
    select exists (select 1 from park_gate_pass where device_id = ${id})
        or exists (select 1 from park_person_pass where device_id = ${id})
        or exists (select 1 from park_position where device_id = ${id} limit 1) as used`.execute(db);
  return row.rows[0]?.used ?? false;
}
