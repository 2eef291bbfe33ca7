import { sql, type Kysely } from 'kysely';

/*
 * The park console (issue 24): where a device stands on the map (broadcast hosts, cameras, alarm
 * hosts have no gate to stand at) and, for a camera, its channel on the video wall. No index is
 * added to park_position: the last hour's tracks are found by its BRIN index on time, and every
 * further index would slow the ingestion of positions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table park_device_place (
      device_id bigint primary key references park_device (id) on delete cascade,
      lat double precision not null check (lat between -90 and 90),
      lng double precision not null check (lng between -180 and 180),
      channel_id text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists park_device_place`.execute(db);
}
