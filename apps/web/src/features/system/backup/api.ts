import type { BackupListReply, BackupRow } from '@park/core';
import { get, postJson } from '../../../lib/http.ts';
import { toPageResult, type PageResult } from '../../../lib/paging.ts';
import { SYSTEM_QUERY_ROOT } from '../api.ts';

/** 系统管理 → 数据备份 (issue 28). */
export const backupKeys = { list: [...SYSTEM_QUERY_ROOT, 'backups'] as const };

export type BackupPage = PageResult<BackupRow> & Pick<BackupListReply, 'backupDir' | 'keepDays' | 'schedule' | 'timeZone'>;

export async function listBackups(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<BackupPage> {
  const reply = await get<BackupListReply>('/api/user/backup/list', { pageNum, pageSize }, { signal });
  return { ...toPageResult(reply), backupDir: reply.backupDir, keepDays: reply.keepDays, schedule: reply.schedule, timeZone: reply.timeZone };
}

export const runBackupNow = () => postJson<{ errCode: 0; message: string }>('/api/user/backup/run', {});
