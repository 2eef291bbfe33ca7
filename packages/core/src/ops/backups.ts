/** 系统管理 → 数据备份 (issue 28): the rows the server lists and the words the screen shows. */

export type BackupState = 'running' | 'success' | 'failed' | 'deleted';
export type BackupTrigger = 'nightly' | 'manual';

export interface BackupRow {
  id: number;
  name: string;
  trigger: BackupTrigger;
  state: BackupState;
  /** physical (embedded cluster copy) | dump (pg_dump archive); null until finished. */
  dbFormat: string | null;
  dir: string;
  host: string | null;
  totalBytes: number | null;
  fileCount: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  deletedAt: string | null;
}

export interface BackupListReply {
  errCode: 0;
  datas: BackupRow[];
  totalCount: number;
  /** Where backups are written, how long they are kept and when the nightly one runs ('off': never). */
  backupDir: string;
  keepDays: number;
  schedule: string;
  /** The IANA time zone the schedule is read in (BACKUP_TZ). */
  timeZone: string;
}

export const BACKUP_STATE_TEXT: Record<BackupState, string> = {
  running: '进行中',
  success: '成功',
  failed: '失败',
  deleted: '已过期删除',
};

export const BACKUP_TRIGGER_TEXT: Record<BackupTrigger, string> = {
  nightly: '每日自动',
  manual: '手动',
};

export const BACKUP_TEXT = {
  started: '已开始备份，完成后列表会显示结果',
  failedTitle: '数据备份失败',
  noQueue: '后台任务服务未启动，无法备份',
} as const;
