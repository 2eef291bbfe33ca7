import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackupRow } from '@park/core';
import { AppProviders } from '../../../app/providers.tsx';
import { stubHttp } from '../../../../test/http.ts';
import { BackupManagePage } from './BackupManagePage.tsx';

const row = (id: number, name: string, state: BackupRow['state']): BackupRow => ({
  id,
  name,
  trigger: 'manual',
  state,
  dbFormat: state === 'success' ? 'physical' : null,
  dir: `/backups/${name}`,
  host: null,
  totalBytes: state === 'success' ? 5 * 1024 * 1024 : null,
  fileCount: null,
  error: null,
  startedAt: '2026-11-28T02:30:00Z',
  finishedAt: null,
  deletedAt: null,
});

describe('数据备份', () => {
  it('after 立即备份, keeps looking until the queued backup’s row appears, then follows it to 成功', async () => {
    // The job starts late: the list asked right after the click does not have its row yet.
    const answers: BackupRow[][] = [[row(1, 'park-old', 'success')], [row(1, 'park-old', 'success')], [row(1, 'park-old', 'success')]];
    answers.push([row(2, 'park-new', 'running'), row(1, 'park-old', 'success')], [row(2, 'park-new', 'success'), row(1, 'park-old', 'success')]);
    let served = 0;
    stubHttp({
      'GET /api/user/backup/list': () => {
        const datas = answers[Math.min(served++, answers.length - 1)]!;
        return { errCode: 0, datas, totalCount: datas.length, backupDir: '/backups', keepDays: 14, schedule: '30 2 * * *', timeZone: 'Asia/Shanghai' };
      },
      'POST /api/user/backup/run': { errCode: 0, message: '已开始备份，完成后列表会显示结果' },
    });
    render(
      <AppProviders>
        <BackupManagePage />
      </AppProviders>,
    );
    expect(await screen.findByText('park-old')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /立即备份/ }));
    const newRow = (await screen.findByText('park-new', {}, { timeout: 10_000 })).closest('tr')!;
    expect(await within(newRow).findByText('成功', {}, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});
