import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser } from '../admin/testHelpers.ts';
import { embeddedSource } from './backup.ts';
import { backupAndPrune } from './job.ts';
import { pruneBackups } from './retention.ts';

const silent = pino({ level: 'silent' });

describe('nightly backup job, retention and 数据备份 list', () => {
  let t: TestApp;
  let backupDir: string;
  let emptyBin: string;

  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-backups-'));
    emptyBin = await fs.mkdtemp(path.join(os.tmpdir(), 'park-nobin-'));
    const base = loadConfig({ WEB_DIST: 'none' });
    // The test database is reached by URL, as with DATABASE_URL: its backups need pg_dump, which
    // PG_BIN_DIR points to an empty directory for — so the backup fails, as on a server without it.
    t = await createTestApp({ ops: { ...base.ops, backupDir, pgBinDir: emptyBin, backupKeepDays: 14 } });
    t.booted.ctx.config.databaseUrl = t.databaseUrl;
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(backupDir, { recursive: true, force: true });
    await fs.rm(emptyBin, { recursive: true, force: true });
  });

  it('a failed backup is recorded, leaves nothing half-written, and messages the administrators', async () => {
    const ctx = t.booted.ctx;
    const outcome = await backupAndPrune(ctx, embeddedSource(ctx.config, t.databaseUrl), 'nightly', silent);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toContain('找不到 pg_dump');

    const rows = await t.sql.query(`select state, trigger, error, finished_at from sys_backup`);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ state: 'failed', trigger: 'nightly' });
    expect(rows.rows[0].error).toContain(`PG_BIN_DIR (${emptyBin})`);
    expect(rows.rows[0].finished_at).not.toBeNull();
    expect(await fs.readdir(backupDir)).toEqual([]);

    const messages = await t.sql.query(
      `select m.title, m.content, m.big_type, m.small_type, m.menu_url, u.username
       from msg_message m join sys_user u on u.id = m.receiver_id where m.title = '数据备份失败'`,
    );
    expect(messages.rows).toEqual([
      expect.objectContaining({ username: 'admin', big_type: 0, small_type: 7, menu_url: '/system/backup' }),
    ]);
    expect(messages.rows[0].content).toMatch(/^每日自动备份未完成: 找不到 pg_dump/);

    // 系统管理 → 数据备份 lists the failed run with its reason.
    const admin = await t.login();
    const list = await t.call(admin, 'GET', '/api/user/backup/list?pageNum=1&pageSize=10');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      errCode: 0,
      totalCount: 1,
      backupDir,
      keepDays: 14,
      schedule: '30 2 * * *',
      timeZone: 'Asia/Shanghai',
      datas: [{ state: 'failed', trigger: 'nightly', error: expect.stringContaining('pg_dump') }],
    });
  });

  it('the list and 立即备份 need the backup permission; 立即备份 needs the job queue', async () => {
    const admin = await t.login();
    const user = await addUser(t, admin, 'not_an_operator');
    const cookie = await t.login(user.username, user.password);
    expect((await t.call(cookie, 'GET', '/api/user/backup/list')).statusCode).toBe(403);
    expect((await t.call(cookie, 'POST', '/api/user/backup/run', {})).statusCode).toBe(403);

    const refused = await t.call(admin, 'POST', '/api/user/backup/run', {});
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errMsg).toBe('后台任务服务未启动，无法备份');
  });

  it('retention deletes backups older than the keep days, never the newest, and stale partial runs', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-retention-'));
    const now = new Date('2026-11-25T03:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const make = async (name: string, ageDays: number) => {
      await fs.mkdir(path.join(dir, name));
      const createdAt = new Date(now.getTime() - ageDays * day).toISOString();
      await fs.writeFile(path.join(dir, name, 'manifest.json'), JSON.stringify({ format: 'park-backup/1', name, createdAt }));
      await t.sql.query(`insert into sys_backup (name, trigger, state, dir) values ($1, 'nightly', 'success', $2)`, [name, path.join(dir, name)]);
    };
    await make('park-20261124-023000', 1);
    await make('park-20261110-023000', 15);
    await make('park-20261101-023000', 24);
    await fs.mkdir(path.join(dir, '.partial-park-20261120-023000'));
    await fs.utimes(path.join(dir, '.partial-park-20261120-023000'), new Date(now.getTime() - 5 * day), new Date(now.getTime() - 5 * day));
    await fs.mkdir(path.join(dir, 'not-a-backup'));

    const pruned = await pruneBackups(t.booted.ctx.db, dir, 14, now);
    expect(pruned.sort()).toEqual(['park-20261101-023000', 'park-20261110-023000']);
    expect((await fs.readdir(dir)).sort()).toEqual(['not-a-backup', 'park-20261124-023000']);
    const states = await t.sql.query(`select name, state from sys_backup where dir like $1 order by name`, [`${dir}%`]);
    expect(states.rows).toEqual([
      { name: 'park-20261101-023000', state: 'deleted' },
      { name: 'park-20261110-023000', state: 'deleted' },
      { name: 'park-20261124-023000', state: 'success' },
    ]);

    // A server that was off for a month still keeps its last backup.
    const lonely = await fs.mkdtemp(path.join(os.tmpdir(), 'park-retention-'));
    await fs.mkdir(path.join(lonely, 'park-20261001-023000'));
    await fs.writeFile(
      path.join(lonely, 'park-20261001-023000', 'manifest.json'),
      JSON.stringify({ format: 'park-backup/1', name: 'park-20261001-023000', createdAt: '2026-10-01T02:30:00Z' }),
    );
    expect(await pruneBackups(t.booted.ctx.db, lonely, 14, now)).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(lonely, { recursive: true, force: true });
  });
});
