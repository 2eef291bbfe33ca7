import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthEvents } from './authEvents.ts';
import { loadCurrentUser } from './userProfile.ts';
import { loadPermissions } from '../user/worker.ts';
import type { UserPermissions } from '../../plugins/authContext.ts';

// The request's identity, defined below the modules (plugins/authContext.ts); named here as before.
export type { AuthContext } from '../../plugins/authContext.ts';
import type { AuthContext } from '../../plugins/authContext.ts';

interface CachedSession {
  userId: string;
  expiresAt: number;
  touchedAt: number;
}
interface CachedUser {
  user: CurrentUser;
  permissions: UserPermissions;
  disabled: boolean;
  mustChangePassword: boolean;
  loadedAt: number;
}

/* Touching last_seen on every call would turn each read into a write; once a minute is enough
   for an idle timeout measured in tens of minutes. */
const TOUCH_EVERY_MS = 60_000;
/* A safety net in case a NOTIFY is missed; LISTEN normally evicts at once. */
const USER_CACHE_MS = 60_000;
const MAX_CACHED = 50_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly tokenIds = new Map<string, string>();
  private readonly users = new Map<string, CachedUser>();
  /** Read on every use: an administrator may change the idle timeout while the server runs. */
  private readonly idle: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: AuthEvents,
    idleMs: number | (() => number),
  ) {
    this.idle = typeof idleMs === 'number' ? () => idleMs : idleMs;
    events.on((e) => {
      if (e.kind === 'settings' || e.kind === 'form') return;
      if (e.kind === 'session') this.sessions.delete(e.id);
      else if (e.id === '*') {
        this.users.clear();
        this.sessions.clear();
      } else this.evictUser(e.id);
    });
  }

  private evictUser(userId: string): void {
    this.users.delete(userId);
    for (const [id, s] of this.sessions) if (s.userId === userId) this.sessions.delete(id);
  }

  async create(userId: string, meta: { ip: string; userAgent: string | undefined }): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.db
      .insertInto('sys_session')
      .values({
        id: hashToken(token),
        user_id: userId,
        last_seen_at: new Date(now),
        expires_at: new Date(now + this.idle()),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    return token;
  }

  /** The session's owner, or null when the token is unknown, expired, or its user is disabled. */
  async resolve(token: string): Promise<AuthContext | null> {
    const id = this.idOf(token);
    const now = Date.now();
    const idleMs = this.idle();
    let cached = this.sessions.get(id);
    // A shortened idle timeout applies at once, not only after the next touch.
    if (cached && now - cached.touchedAt > idleMs) cached.expiresAt = Math.min(cached.expiresAt, now);
    if (!cached || cached.expiresAt <= now) {
      const row = await this.db
        .selectFrom('sys_session')
        .select(['user_id', 'expires_at', 'last_seen_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.expires_at.getTime() <= now || now - row.last_seen_at.getTime() > idleMs) {
        this.sessions.delete(id);
        return null;
      }
      cached = { userId: row.user_id, expiresAt: row.expires_at.getTime(), touchedAt: row.last_seen_at.getTime() };
      this.remember(id, cached);
    }
    if (now - cached.touchedAt > TOUCH_EVERY_MS) {
      cached.touchedAt = now;
      cached.expiresAt = now + idleMs;
      await this.db
        .updateTable('sys_session')
        .set({ last_seen_at: new Date(now), expires_at: new Date(cached.expiresAt) })
        .where('id', '=', id)
        .execute();
    }
    const profile = await this.profile(cached.userId);
    if (!profile || profile.disabled) return null;
    return {
      sessionId: id,
      userId: cached.userId,
      user: profile.user,
      enableCompanyPermission: profile.user.userType !== 0,
      permissions: profile.permissions,
      mustChangePassword: profile.mustChangePassword,
    };
  }

  /* Hashing the token is a pure function, memoised: at thousands of calls a second it was ~3 % of the server's CPU. */
  private idOf(token: string): string {
    let id = this.tokenIds.get(token);
    if (id === undefined) {
      if (this.tokenIds.size >= MAX_CACHED) this.tokenIds.clear();
      id = hashToken(token);
      this.tokenIds.set(token, id);
    }
    return id;
  }

  private remember(id: string, s: CachedSession): void {
    if (this.sessions.size >= MAX_CACHED) this.sessions.clear();
    this.sessions.set(id, s);
  }

  private async profile(userId: string): Promise<CachedUser | null> {
    const hit = this.users.get(userId);
    if (hit && Date.now() - hit.loadedAt < USER_CACHE_MS) return hit;
    const loaded = await loadCurrentUser(this.db, userId);
    if (!loaded) {
      this.users.delete(userId);
      return null;
    }
    const entry: CachedUser = {
      user: loaded.user,
      permissions: await loadPermissions(this.db, userId),
      disabled: loaded.status !== 0,
      mustChangePassword: loaded.mustChangePassword,
      loadedAt: Date.now(),
    };
    if (this.users.size >= MAX_CACHED) this.users.clear();
    this.users.set(userId, entry);
    return entry;
  }

  async destroy(tokenOrNull: string | undefined): Promise<void> {
    if (!tokenOrNull) return;
    const id = hashToken(tokenOrNull);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_session').where('id', '=', id).execute();
      await this.events.publish(trx, { kind: 'session', id });
    });
    this.sessions.delete(id);
  }

  /** Ends every session of a user except, optionally, one (used after a password change). */
  async destroyAllFor(db: Kysely<Database>, userId: string, exceptSessionId?: string): Promise<void> {
    let q = db.deleteFrom('sys_session').where('user_id', '=', userId);
    if (exceptSessionId) q = q.where('id', '<>', exceptSessionId);
    await q.execute();
    await this.events.publish(db, { kind: 'user', id: userId });
  }

  async purgeExpired(): Promise<number> {
    const r = await this.db.deleteFrom('sys_session').where('expires_at', '<', new Date()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/** The SessionStore is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    sessions: SessionStore;
  }
}
