import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { AuthEvents } from './modules/auth/authEvents.ts';
import type { LoginKeys } from './modules/auth/keys.ts';
import type { LoginLimiter } from './modules/auth/loginLimiter.ts';
import type { SessionStore } from './modules/auth/sessions.ts';
import type { SettingsStore } from './modules/admin/settings/store.ts';
import type { FormModelCache } from './modules/form/formModel.ts';
import type { JobSender } from './modules/importExport/jobs.ts';
import type { ReportResources } from './modules/report/resources.ts';

/** Everything a route module needs, built once by main.ts (or a test) and passed to buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** The pool under `db`, for its gauges on /metrics (issue 28). */
  pool: pg.Pool;
  keys: LoginKeys;
  events: AuthEvents;
  sessions: SessionStore;
  limiter: LoginLimiter;
  /** Security settings (idle timeout, login limit, log retention): environment defaults, DB overrides. */
  settings: SettingsStore;
  /** Parsed form designs, dropped when a change is announced. */
  forms: FormModelCache;
  /** The pg-boss queue, set by startJobs; absent where no jobs run (most tests). */
  jobs?: JobSender;
  /** Report pools, limiter and datasource key (issue 21). */
  reports: ReportResources;
}
