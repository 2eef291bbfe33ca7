import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type BackupTrigger = 'nightly' | 'manual';

export async function insertRunning(db: Kysely<Database>, row: { name: string; trigger: BackupTrigger; dir: string; host: string }): Promise<string> {
  const inserted = await db.insertInto('sys_backup').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function markSuccess(db: Kysely<Database>, id: string, r: { dbFormat: string; totalBytes: number; fileCount: number }): Promise<void> {
  await db
    .updateTable('sys_backup')
    .set({ state: 'success', db_format: r.dbFormat, total_bytes: r.totalBytes, file_count: r.fileCount, finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db.updateTable('sys_backup').set({ state: 'failed', error, finished_at: new Date() }).where('id', '=', id).execute();
}

/**
 * A restored database holds its own backup's row as it was mid-run ('running'); the restore
 * records how that run ended, from the manifest.
 */
export async function markRestored(db: Kysely<Database>, name: string, r: { dbFormat: string; totalBytes: number; fileCount: number; finishedAt: Date }): Promise<void> {
  await db
    .updateTable('sys_backup')
    .set({ state: 'success', db_format: r.dbFormat, total_bytes: r.totalBytes, file_count: r.fileCount, finished_at: r.finishedAt })
    .where('name', '=', name)
    .where('state', '=', 'running')
    .execute();
}

export async function markDeleted(db: Kysely<Database>, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db.updateTable('sys_backup').set({ state: 'deleted', deleted_at: new Date() }).where('name', 'in', names).execute();
}

export async function listBackups(db: Kysely<Database>, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sys_backup')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('sys_backup').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Super-role holders and anyone granted the backups menu's permission: who hears of a failed backup. */
export async function backupRecipients(db: Kysely<Database>, superRoleCode: string, permission: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user as u')
    .select('u.id')
    .where('u.status', '=', 0)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.role_code', '=', superRoleCode)
            .select('ur.user_id'),
        ),
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role_menu as rm', 'rm.role_id', 'ur.role_id')
            .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('m.perms', '=', permission)
            .select('ur.user_id'),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

export interface BackupFigures {
  /** Seconds since the epoch of the newest successful backup's end; null when there was none. */
  lastSuccess: number | null;
  /** Failed runs since the newest successful one. */
  failuresSince: number;
}

/** What a monitor needs to alert on stale or failing backups (sys_backup, issue 28). */
export async function backupFigures(db: Kysely<Database>): Promise<BackupFigures> {
  const row = await sql<{ last: number | null; failures: string }>`
    with last as (select max(finished_at) as t from sys_backup where state in ('success', 'deleted'))
    select extract(epoch from (select t from last))::float8 as last,
           (select count(*) from sys_backup where state = 'failed'
              and started_at > coalesce((select t from last), '-infinity')) as failures`.execute(db);
  return { lastSuccess: row.rows[0]?.last ?? null, failuresSince: Number(row.rows[0]?.failures ?? 0) };
}
