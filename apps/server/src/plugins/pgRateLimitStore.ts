import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What the plugin passes to the constructor and to child(): its settings merged with the route's. */
interface RouteOptions {
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}
type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

const DEFAULT_WINDOW_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (sys_rate_limit), so a limit holds
 * across every server instance on the database, where the plugin's own store counts per process.
 * One upsert per request: meant for rare, costly calls (a company registration), not for reads.
 * Rows of windows that have passed are removed by the auth-cleanup job (purgeRateLimits).
 */
export function pgRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class PgRateLimitStore {
    private readonly prefix: string;
    private readonly windowMs: number;

    constructor(options: object) {
      const { timeWindow, routeInfo: route } = options as RouteOptions;
      this.windowMs = typeof timeWindow === 'number' ? timeWindow : DEFAULT_WINDOW_MS;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.prefix = route?.url ? `${method} ${route.url}|` : '';
    }

    // The plugin passes the route's window as a third argument (its typings omit it).
    incr(key: string, cb: IncrCallback, timeWindow = this.windowMs): void {
      const expired = sql<boolean>`sys_rate_limit.window_start <= now() - make_interval(secs => ${timeWindow / 1000})`;
      db.insertInto('sys_rate_limit')
        .values({ key: this.prefix + key, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else sys_rate_limit.hits + 1 end`,
            window_start: sql<Date>`case when ${expired} then now() else sys_rate_limit.window_start end`,
          }),
        )
        .returning(['hits', sql<number>`extract(epoch from (now() - window_start)) * 1000`.as('elapsed')])
        .executeTakeFirstOrThrow()
        .then(
          (row) => cb(null, { current: row.hits, ttl: Math.max(0, timeWindow - Number(row.elapsed)) }),
          (err: Error) => cb(err),
        );
    }

    // At run time the plugin passes its merged settings with `routeInfo`, not what its typings say.
    child(routeOptions: object) {
      return new PgRateLimitStore(routeOptions as RouteOptions);
    }
  };
}

/** Removes counters whose window ended more than an hour ago (no route here has a longer window). */
export async function purgeRateLimits(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sys_rate_limit').where('window_start', '<', sql<Date>`now() - interval '1 hour'`).execute();
}
