import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { loadCurrentUser } from '../auth/worker.ts';
import { loadPermissions } from '../user/worker.ts';

/**
 * The requester's rights when the job runs, read afresh: a user disabled or moved to another
 * company since the request gets what they may have now (company scope, forced company picker).
 */
export async function jobAuth(db: Kysely<Database>, userId: string): Promise<AuthContext | null> {
  const loaded = await loadCurrentUser(db, userId);
  if (!loaded || loaded.status !== 0) return null;
  return {
    sessionId: '',
    userId,
    user: loaded.user,
    enableCompanyPermission: loaded.user.userType !== 0,
    permissions: await loadPermissions(db, userId),
    // A job runs the rights its requester had when it was started; the password plays no part.
    mustChangePassword: false,
  };
}
