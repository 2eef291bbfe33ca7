/**
 * The list page's Excel import and export (spec 002 §4, §8, §9): the notices, the polling
 * intervals, and how a getImportExportState reply reads.
 */
export const EXPORT_POLL_MS = 1000;
export const IMPORT_POLL_MS = 2000;
/** getImportExportState/{code}/{type}: 1 export, 2 import. */
export const EXPORT_JOB = 1;
export const IMPORT_JOB = 2;

export const EXCEL_EXPORT_OK = 'Excel导出成功';
export const EXCEL_EXPORT_FAILED = 'Excel导出失败';
export const EXCEL_IMPORT_OK = 'Excel导入成功';
export const EXCEL_IMPORT_FAILED = 'Excel导入失败';
export const EXCEL_IMPORT_PART =
  'Excel部分导入成功!未导入成功的数据已下载至您本地目录,请您按正确格式修改后再进行导入!';
export const DELETE_CONFIRM = '确认删除该记录吗?';
export const DELETE_OK = '删除成功';
export const DELETE_NONE_SELECTED = '请选择要删除的记录';

/** Table page sizes (spec 002 §9). */
export const LIST_PAGE_SIZE = 10;
export const LIST_PAGE_SIZES = [5, 10, 20, 50, 100, 200, 300, 500] as const;

export type JobPhase = 'running' | 'success' | 'part_success' | 'failed';

export interface JobState {
  phase: JobPhase;
  reason: string;
  total: number;
  done: number;
  okRows: number;
  badRows: number;
  /** 0 to 100; 0 while the total is not known yet. */
  percent: number;
}

const count = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** `formImportExportState` as the page shows it; any state other than the three ends keeps polling. */
export function readJobState(raw: unknown): JobState {
  const s = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const state = typeof s.state === 'string' ? s.state : '';
  const phase: JobPhase = state === 'success' || state === 'part_success' || state === 'failed' ? state : 'running';
  const total = count(s.total);
  const done = Math.min(count(s.done), total || Infinity);
  const percent = phase === 'running' ? (total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0) : 100;
  return {
    phase,
    reason: typeof s.reason === 'string' ? s.reason : '',
    total,
    done,
    okRows: count(s.okRows),
    badRows: count(s.badRows),
    percent,
  };
}
