import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { migrationNames } from '../../db/migrations/index.ts';
import { hashFile, type CopiedFile } from './fileTree.ts';
import { writeManifest, type Manifest } from './manifest.ts';
import { restoreBackup } from './restore.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

/** A backup directory with valid checksums holding `files` (path → content). */
async function fakeBackup(files: Record<string, string>, fields: Partial<Manifest>): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'park-fake-backup-'));
  dirs.push(root);
  const dir = path.join(root, 'park-20261125-000000');
  const copied: CopiedFile[] = [];
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fs.writeFile(path.join(dir, rel), text);
    copied.push({ rel, bytes: Buffer.byteLength(text), sha256: await hashFile(path.join(dir, rel)) });
  }
  await writeManifest(dir, copied, {
    format: 'park-backup/1',
    name: 'park-20261125-000000',
    createdAt: '2026-11-25T00:00:00Z',
    finishedAt: '2026-11-25T00:00:10Z',
    appVersion: '9.9.9',
    schemaVersion: migrationNames().at(-1)!,
    database: { format: 'physical', postgresVersion: '17.6', files: 1, bytes: 3 },
    files: { files: 0, bytes: 0 },
    keys: { files: 0, bytes: 0 },
    ...fields,
  });
  return dir;
}

async function restoreInto(backupDir: string) {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), 'park-restore-target-'));
  dirs.push(target);
  const config = loadConfig({ DATA_DIR: target, WEB_DIST: 'none' });
  const attempt = restoreBackup(
    config,
    backupDir,
    { force: false, databaseUrl: null, embeddedDatabase: 'park', isRunning: async () => false },
    pino({ level: 'silent' }),
  );
  return { attempt, target };
}

describe('restore refuses what it cannot restore, before touching anything', () => {
  it('a backup from a newer release (a migration this build does not know)', async () => {
    const dir = await fakeBackup({ 'database/pgdata/PG_VERSION': '17\n' }, { schemaVersion: '2099_01_01_0000_future' });
    const { attempt, target } = await restoreInto(dir);
    await expect(attempt).rejects.toThrow(/该备份来自较新的版本（数据库结构 2099_01_01_0000_future，程序 9\.9\.9）/);
    expect(await fs.readdir(target)).toEqual([]);
  });

  it('a physical backup of another PostgreSQL major version', async () => {
    const dir = await fakeBackup({ 'database/pgdata/PG_VERSION': '16\n' }, {});
    const { attempt, target } = await restoreInto(dir);
    await expect(attempt).rejects.toThrow(/PostgreSQL 16 的数据目录，当前内置数据库为 PostgreSQL 17/);
    expect(await fs.readdir(target)).toEqual([]);
  });

  it('a physical backup into a named database', async () => {
    const dir = await fakeBackup({ 'database/pgdata/PG_VERSION': '17\n' }, {});
    const target = await fs.mkdtemp(path.join(os.tmpdir(), 'park-restore-target-'));
    dirs.push(target);
    await expect(
      restoreBackup(
        loadConfig({ DATA_DIR: target, WEB_DIST: 'none' }),
        dir,
        { force: false, databaseUrl: 'postgres://x@127.0.0.1:1/park', embeddedDatabase: 'park', isRunning: async () => false },
        pino({ level: 'silent' }),
      ),
    ).rejects.toThrow(/物理备份，只能恢复到 DATA_DIR/);
  });

  it('a DATA_DIR whose database is running, even with --force', async () => {
    const dir = await fakeBackup({ 'database/pgdata/PG_VERSION': '17\n' }, {});
    const target = await fs.mkdtemp(path.join(os.tmpdir(), 'park-restore-target-'));
    dirs.push(target);
    await expect(
      restoreBackup(
        loadConfig({ DATA_DIR: target, WEB_DIST: 'none' }),
        dir,
        { force: true, databaseUrl: null, embeddedDatabase: 'park', isRunning: async () => true },
        pino({ level: 'silent' }),
      ),
    ).rejects.toThrow(/正在运行；请先停止服务器再恢复/);
  });
});
