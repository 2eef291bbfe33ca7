import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { migrationNames, migrationProvider } from './migrations/index.ts';
import { startServer } from '../../test/serverProcess.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** A new database on the test cluster: empty, or a copy of the migrated template. */
async function newDatabase(fromTemplate: boolean): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`create database "${name}"${fromTemplate ? ` template "${inject('pgTemplate')}"` : ''}`);
  await admin.end();
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

describe('migrations', () => {
  it('two instances starting at once on one empty database: one migrates and seeds, both serve', async () => {
    const databaseUrl = await newDatabase(false);
    const dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'park-twin-'))));
    cleanups.push(async () => {
      for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
    });
    const instances = dirs.map((d) => startServer({ DATA_DIR: d, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'Admin@123' }));
    cleanups.push(async () => {
      for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
    });
    const origins = await Promise.all(instances.map((i) => i.ready));

    for (const origin of origins) {
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(200);
    }
    const { db } = createDb(databaseUrl, 1);
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
      const admins = await db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      // Seeded once: no role twice in one scope (each tenant has its own TENANT_ADMIN, issue 36).
      const roles = await db.selectFrom('sys_role').select(['role_code', 'company_id']).execute();
      expect(roles.length).toBe(new Set(roles.map((r) => `${r.company_id ?? 'park'}:${r.role_code}`)).size);
      const menus = await sql<{ n: string }>`select count(*) as n from sys_menu where path = '/system/user'`.execute(db);
      expect(Number(menus.rows[0]!.n)).toBe(1);
    } finally {
      await db.destroy();
    }
    expect(await Promise.all(instances.map((i) => i.stop()))).toEqual([0, 0]);
  }, 180_000);

  it('a failed migration rolls back the whole upgrade and names the migration and the reason', async () => {
    const databaseUrl = await newDatabase(true);
    const { db } = createDb(databaseUrl, 2);
    cleanups.push(() => db.destroy());
    const before = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);

    const shipped = await migrationProvider.getMigrations();
    const upgrade: Record<string, Migration> = {
      ...shipped,
      '2099_12_31_0001_upgrade_good': {
        up: async (d: Kysely<unknown>) => {
          await d.schema.createTable('upgrade_probe').addColumn('id', 'integer').execute();
          await sql`alter table sys_user add column upgrade_probe text`.execute(d);
        },
      },
      '2099_12_31_0002_upgrade_bad': {
        up: async (d: Kysely<unknown>) => {
          await sql`alter table no_such_table add column x int`.execute(d);
        },
      },
    };
    await expect(
      migrateToLatest(db as unknown as Kysely<unknown>, { getMigrations: async () => upgrade }),
    ).rejects.toThrow(/数据库迁移失败 \(2099_12_31_0002_upgrade_bad\): relation "no_such_table" does not exist。.*回滚/);

    const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(after.rows).toEqual(before.rows);
    const probe = await sql<{ t: string | null }>`select to_regclass('upgrade_probe')::text as t`.execute(db);
    expect(probe.rows[0]!.t).toBeNull();
    const column = await sql`select 1 from information_schema.columns where table_name = 'sys_user' and column_name = 'upgrade_probe'`.execute(db);
    expect(column.rows).toHaveLength(0);

    // The same upgrade without the broken migration then applies cleanly.
    delete upgrade['2099_12_31_0002_upgrade_bad'];
    expect(await migrateToLatest(db as unknown as Kysely<unknown>, { getMigrations: async () => upgrade })).toEqual([
      '2099_12_31_0001_upgrade_good',
    ]);
  });
});
