import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';

/* 系统管理 → 数据备份 (issue 28), on the shared e2e server (embedded database: physical backups). */

test('管理员在“数据备份”里看到计划与历史，点“立即备份”后新备份显示为成功；失败的备份显示原因', async ({ page }) => {
  test.setTimeout(120_000);
  // A failed run, as the nightly job records one when, say, the disk is full.
  const failedName = `park-20261101-023000-${Date.now().toString(36).slice(-4)}`;
  await withDb((c) =>
    c.query(
      `insert into sys_backup (name, trigger, state, dir, error, started_at, finished_at)
       values ($1, 'nightly', 'failed', '/backups/x', '磁盘空间不足: ENOSPC', now() - interval '1 day', now() - interval '1 day')`,
      [failedName],
    ),
  );

  await loginAsAdmin(page);
  await page.getByTestId('top-bar').getByText('系统管理', { exact: true }).first().hover();
  await page.getByRole('menuitem', { name: '数据备份' }).click();
  await expect(page).toHaveURL(`${BASE}/system/backup`);
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '数据备份' })).toBeVisible();
  await expect(page.getByText(/每天 02:30 自动备份，保留 14 天/)).toBeVisible();

  const failedRow = page.getByRole('row', { name: new RegExp(failedName) });
  await expect(failedRow.getByText('失败')).toBeVisible();
  await expect(failedRow.getByText('磁盘空间不足: ENOSPC')).toBeVisible();
  await expect(failedRow.getByText('每日自动')).toBeVisible();

  await page.getByRole('button', { name: '立即备份' }).click();
  await expect(page.getByText('已开始备份，完成后列表会显示结果')).toBeVisible();
  // The job runs on the server (pg-boss); the page polls while the backup is 进行中.
  const manualRow = page.getByRole('row', { name: /手动/ }).first();
  await expect(manualRow.getByText('成功')).toBeVisible({ timeout: 90_000 });
  await expect(manualRow.getByText(/\d+(\.\d)? MB/)).toBeVisible();
  await page.screenshot({ path: '/tmp/i28-backups.png', fullPage: true });

  // The backup on disk is whole: its manifest names it and its checksums file lists the database.
  const dir = (await manualRow.locator('td').last().innerText()).split(':').slice(1).join(':').trim();
  const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'));
  expect(manifest).toMatchObject({ format: 'park-backup/1', database: { format: 'physical' } });
  expect(await fs.readFile(path.join(dir, 'checksums.sha256'), 'utf8')).toContain('database/pgdata/PG_VERSION');
});
