import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { migrationNames } from '../../db/migrations/index.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { appliedMigrations } from './repo.ts';

export interface Readiness {
  ready: boolean;
  /** Why not, for the log only: /readyz itself says no more than ok / not ok. */
  reason?: string;
  /** The database could not be asked: the error, for the app's outage log (one line a minute, not one a probe). */
  unreachable?: unknown;
}

/**
 * Ready means this instance can serve: the database answers, every migration this build knows is
 * applied (an instance of a newer build waiting on an older schema is not ready), and the job queue
 * runs (imports, exports and the nightly backup depend on it).
 */
export async function checkReadiness(db: Kysely<Database>, jobsRunning: () => boolean): Promise<Readiness> {
  let applied: Set<string>;
  try {
    applied = await appliedMigrations(db);
  } catch (err) {
    return { ready: false, reason: `database: ${err instanceof Error ? err.message : String(err)}`, ...(isDatabaseUnavailable(err) ? { unreachable: err } : {}) };
  }
  const missing = migrationNames().filter((n) => !applied.has(n));
  if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.join(', ')}` };
  if (!jobsRunning()) return { ready: false, reason: 'job queue not running' };
  return { ready: true };
}
