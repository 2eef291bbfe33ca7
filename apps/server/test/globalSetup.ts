import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, startEmbedded, type EmbeddedCluster } from '../src/db/embedded.ts';
import { createDb } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seeds/seed.ts';
import type { Kysely } from 'kysely';
import { DEMO_APPROVAL_SEED_KEY, DEMO_ROLES_SEED_KEY, DEMO_TENANT_SEED_KEY, TENANTS_APPROVED_SEED_KEY } from '../src/seeds/seed.ts';
import { INSPECTION_DEMO_SEED_KEY } from '../src/apps/inspection/demo.ts';

export const TEMPLATE_DB = 'park_template';
export const TEST_ADMIN_PASSWORD = 'Admin@123';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let cluster: EmbeddedCluster | null = null;
let dir = '';

/**
 * One throw-away cluster per test run; a migrated and seeded template database that each test
 * file copies (CREATE DATABASE … TEMPLATE), which is much faster than migrating per file.
 * DATABASE_URL, when set, names an existing server to use instead.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-test-pg-'));
    cluster = await startEmbedded({ dir: path.join(dir, 'pg'), logger: pino({ level: 'warn' }), fast: true });
    adminUrl = cluster.urlFor('postgres');
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await dropIfExists(adminUrl, TEMPLATE_DB);
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const { db } = createDb(templateUrl.toString(), 2);
  await migrateToLatest(db as unknown as Kysely<unknown>);
  // The demo people of the seeded approval (张三, 李四, …) and their roles would change what the tests
  // count (users, roles, role members); the approval test seeds them in its own database. The demo
  // companies made tenants (roles, organisations) likewise; tenant.test.ts runs that step itself. The
  // demo's packaged 巡检 (forms, menus, people) likewise; inspection.test.ts installs it itself.
  await db.insertInto('sys_seed_applied').values([{ key: DEMO_APPROVAL_SEED_KEY }, { key: DEMO_ROLES_SEED_KEY }, { key: TENANTS_APPROVED_SEED_KEY }, { key: DEMO_TENANT_SEED_KEY }, { key: INSPECTION_DEMO_SEED_KEY }]).execute();
  await seed(db, TEST_ADMIN_PASSWORD);
  await db.destroy();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);

  return async () => {
    if (cluster) await cluster.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}

async function dropIfExists(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.end();
}
