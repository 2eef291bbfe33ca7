import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { LOCK, withSessionLock } from './advisoryLock.ts';
import { migrationProvider } from './migrations/index.ts';

/**
 * Runs `work` (migrations, then the seed steps that follow them) under the schema lock. Instances
 * starting together on one database queue behind it: the first migrates, the others find nothing
 * left to do. Kysely's Migrator takes its own advisory lock too, but only around the migrations,
 * after it has created its bookkeeping tables; ours covers the whole start.
 */
export function withSchemaLock<T>(db: Kysely<unknown>, work: () => Promise<T>): Promise<T> {
  return withSessionLock(db, LOCK.schema, work);
}

/**
 * Brings the schema up to date; throws with the failing migration's name and PostgreSQL's reason.
 * All pending migrations run in ONE transaction (Kysely does so where DDL is transactional, as in
 * PostgreSQL), so a failure leaves the database exactly as it was before the upgrade started.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  provider: MigrationProvider = migrationProvider,
): Promise<string[]> {
  // Branches developed side by side land in any order; a database that already ran a later-named
  // migration must still take an earlier-named one that arrived after it, instead of refusing to start.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const rolledBack = (results ?? []).filter((r) => r.status !== 'Error').map((r) => r.migrationName);
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `数据库迁移失败 (${failed}): ${why}。本次升级的全部迁移已回滚，数据库保持升级前的状态` +
        (rolledBack.length > 0 ? `（未应用: ${rolledBack.join(', ')}）` : ''),
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
