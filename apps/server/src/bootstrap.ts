import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import type { Kysely } from 'kysely';
import { AuthEvents } from './modules/auth/authEvents.ts';
import { loadOrCreateLoginKeys } from './modules/auth/keys.ts';
import { LoginLimiter } from './modules/auth/loginLimiter.ts';
import { SessionStore } from './modules/auth/sessions.ts';

export interface Bootstrapped {
  ctx: AppContext;
  seedResult: SeedResult;
  close(): Promise<void>;
}

/** Connects, migrates, seeds and builds the context; shared by main.ts, tests and benchmarks. */
export async function bootstrap(config: Config, databaseUrl: string, logger: Logger): Promise<Bootstrapped> {
  const { db, pool } = createDb(databaseUrl);
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>);
    const seedResult = await seed(db, config.adminPassword);
    const keys = await loadOrCreateLoginKeys(config.dataDir);
    const events = new AuthEvents(databaseUrl, logger);
    await events.start();
    const sessions = new SessionStore(db, events, config.sessionIdleMinutes * 60_000);
    const limiter = new LoginLimiter(db, config.loginFailuresPerMinute);
    const ctx: AppContext = { config, db, keys, events, sessions, limiter };
    return {
      ctx,
      seedResult,
      close: async () => {
        await events.stop();
        await db.destroy();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}
