import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { roleIdsOf } from '../user/worker.ts';

/** Camera groups granted to any of the user's roles (directly or through an organisation). */
export async function grantedGroupsOf(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const roleIds = await roleIdsOf(db, userId);
  if (roleIds.length === 0) return new Set();
  const rows = await db.selectFrom('video_group_role').select('group_id').where('role_id', 'in', roleIds).execute();
  return new Set(rows.map((r) => r.group_id));
}

export async function groupsOfRole(db: Kysely<Database>, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('video_group_role').select('group_id').where('role_id', '=', roleId).orderBy('group_id').execute();
  return rows.map((r) => r.group_id);
}

export async function roleExists(db: Kysely<Database>, roleId: string): Promise<boolean> {
  return (await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined;
}

/** Replaces a role's camera groups in one transaction. */
export async function saveGroupsOfRole(db: Kysely<Database>, roleId: string, groupIds: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('video_group_role').where('role_id', '=', roleId).execute();
    if (groupIds.length > 0) {
      await trx
        .insertInto('video_group_role')
        .values(groupIds.map((group_id) => ({ group_id, role_id: roleId })))
        .execute();
    }
  });
}

export interface ViewEntry {
  userId: string;
  channelId: string;
  channelName: string;
  kind: string;
  startTime?: string | null;
  endTime?: string | null;
  clientIp: string | null;
}

/**
 * One row per stream handed out, in one statement committed without waiting for the WAL flush
 * (set_config(..., true) lasts for the statement's own implicit transaction): a wall opens up to 16
 * streams at once and each would otherwise wait for its own fsync. A crash can lose at most the last
 * fraction of a second of view rows, never a change to data.
 */
export async function logView(db: Kysely<Database>, e: ViewEntry): Promise<void> {
  await sql`
    with quick as (select set_config('synchronous_commit', 'off', true))
    insert into video_view_log (user_id, channel_id, channel_name, kind, start_time, end_time, client_ip)
    select ${e.userId}, ${e.channelId}, ${e.channelName}, ${e.kind}, ${e.startTime ?? null}, ${e.endTime ?? null}, ${e.clientIp}
    from quick`.execute(db);
}

export async function viewLogPage(db: Kysely<Database>, offset: number, limit: number) {
  const base = db.selectFrom('video_view_log').leftJoin('sys_user', 'sys_user.id', 'video_view_log.user_id');
  const [rows, total] = await Promise.all([
    base
      .select([
        'video_view_log.id',
        'video_view_log.channel_id',
        'video_view_log.channel_name',
        'video_view_log.kind',
        'video_view_log.start_time',
        'video_view_log.end_time',
        'video_view_log.client_ip',
        'video_view_log.create_time',
        'sys_user.username',
        'sys_user.real_name',
      ])
      .orderBy('video_view_log.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db.selectFrom('video_view_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
