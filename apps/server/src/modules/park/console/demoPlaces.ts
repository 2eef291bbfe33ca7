import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/*
 * Where the demo park's hosts and cameras stand (around the map centre the demo park is built on,
 * 110.354 / 28.303), and each camera's channel in the simulated DSS tree (video/simulator/cameras.ts),
 * so a camera on the map opens the video wall on a channel that plays.
 */
const C = { lng: 110.354, lat: 28.303 };
const PLACES: Record<string, { dx: number; dy: number; channelId?: string }> = {
  'BC-HOST-1': { dx: -0.0075, dy: 0.0015 },
  'BC-HOST-2': { dx: 0.006, dy: 0.0052 },
  'ALARM-HOST-1': { dx: 0.0098, dy: 0.0048 },
  'ALARM-HOST-2': { dx: -0.003, dy: 0.0052 },
  'VID-001': { dx: 0.0062, dy: 0.0047, channelId: '1000001$1$0$0' },
  'VID-002': { dx: 0.0025, dy: 0.0007, channelId: '1000009$1$0$0' },
  'VID-003': { dx: 0.0056, dy: -0.0042, channelId: '1000005$1$0$0' },
};

/** Places the demo devices that have no place yet (a place set by hand is kept). */
export async function placeDemoDevices(db: Kysely<Database>): Promise<void> {
  const devices = await db.selectFrom('park_device').select(['id', 'device_code']).where('device_code', 'in', Object.keys(PLACES)).execute();
  if (devices.length === 0) return;
  await db
    .insertInto('park_device_place')
    .values(
      devices.map((d) => {
        const p = PLACES[d.device_code]!;
        return { device_id: d.id, lng: Number((C.lng + p.dx).toFixed(6)), lat: Number((C.lat + p.dy).toFixed(6)), channel_id: p.channelId ?? null };
      }),
    )
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute();
}
