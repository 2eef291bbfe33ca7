import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';

/**
 * Everything a route module needs, built once by bootstrap.ts (or a test) and passed to buildApp.
 *
 * This file names no module: each module adds the services it owns with
 * `declare module '…/context.ts' { interface AppContext { … } }` beside the service's class
 * (auth/sessions.ts, form/formModel.ts, …). So the context sits below the modules, and a module
 * that needs another module's service imports that module, not the context's list of everything
 * (issue 17: the list here used to tie the form module and the import/export jobs into one circle).
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** The pool under `db`, for its gauges on /metrics (issue 28). */
  pool: pg.Pool;
}
