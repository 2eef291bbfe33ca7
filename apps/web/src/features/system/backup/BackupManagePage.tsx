import { App, Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_STATE_TEXT, BACKUP_TRIGGER_TEXT, type BackupRow, type BackupState } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { formatSize } from '../../../controls/common/files.ts';
import { backupKeys, listBackups, runBackupNow } from './api.ts';
import '../system.css';

const STATE_COLOR: Record<BackupState, string> = {
  running: 'processing',
  success: 'success',
  failed: 'error',
  deleted: 'default',
};

/** The schedule as a sentence; the default `30 2 * * *` in Asia/Shanghai reads 每天 02:30 自动备份. */
function scheduleText(cron: string, timeZone: string): string {
  if (cron === 'off') return '未开启每日自动备份（BACKUP_CRON=off）';
  const zone = timeZone === 'Asia/Shanghai' ? '' : `（${timeZone}）`;
  const m = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
  return m ? `每天 ${m[2]!.padStart(2, '0')}:${m[1]!.padStart(2, '0')}${zone} 自动备份` : `按计划 ${cron}${zone} 自动备份`;
}

/**
 * 系统管理 → 数据备份 (issue 28): the last backups and how they went. Backups are written by the
 * nightly job or `npm run backup`; restoring is a server command (`npm run restore`), never a
 * button, since it replaces the running system's data.
 */
export function BackupManagePage() {
  const { message } = App.useApp();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const client = useQueryClient();
  /**
   * After 立即备份: the rows listed at the click, and until when to look for a new one. The row is
   * written when the queued job starts, which on a busy server can be after the page's first look;
   * the list is asked again every 2 s until the row appears (or two minutes pass).
   */
  const [awaited, setAwaited] = useState<{ known: Set<string>; until: number } | null>(null);
  const { data, isFetching, refetch } = useQuery({
    queryKey: [...backupKeys.list, pageNum, pageSize],
    queryFn: ({ signal }) => listBackups(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
    // While a backup runs, its row updates by itself; a queued one is looked for until it shows.
    refetchInterval: (q) => {
      const rows = q.state.data?.rows ?? [];
      if (rows.some((r) => r.state === 'running')) return 2000;
      const waiting = awaited !== null && Date.now() < awaited.until && rows.every((r) => awaited.known.has(r.name));
      return waiting ? 2000 : false;
    },
  });
  const run = useMutation({
    mutationFn: runBackupNow,
    onSuccess: (reply) => {
      void message.success(reply.message);
      setAwaited({ known: new Set((data?.rows ?? []).map((r) => r.name)), until: Date.now() + 120_000 });
      void client.invalidateQueries({ queryKey: backupKeys.list });
    },
  });

  const columns: TableColumnsType<BackupRow> = [
    { title: '开始时间', dataIndex: 'startedAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '备份名称', dataIndex: 'name', width: 200 },
    { title: '方式', dataIndex: 'trigger', width: 100, render: (v: BackupRow['trigger']) => BACKUP_TRIGGER_TEXT[v] },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (v: BackupState, r) => {
        const tag = <Tag color={STATE_COLOR[v]}>{BACKUP_STATE_TEXT[v]}</Tag>;
        return r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
      },
    },
    { title: '大小', dataIndex: 'totalBytes', width: 100, render: (v: number | null) => (v === null ? '—' : formatSize(v)) },
    { title: '文件数', dataIndex: 'fileCount', width: 80, render: (v: number | null) => v ?? '—' },
    { title: '完成时间', dataIndex: 'finishedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
    {
      title: '位置 / 原因',
      key: 'where',
      ellipsis: true,
      // Full text on hover: paths are long and the column is narrow.
      render: (_v, r) =>
        r.state === 'failed' ? (
          <Tooltip title={r.error}>
            <Typography.Text type="danger">{r.error}</Typography.Text>
          </Tooltip>
        ) : (
          <Tooltip title={`${r.host ?? ''}:${r.dir}`}>{`${r.host ?? ''}:${r.dir}`}</Tooltip>
        ),
    },
  ];

  return (
    <ListPage
      title="数据备份"
      extra={
        <Space>
          <Button icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void refetch()}>
            刷新
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined aria-hidden="true" />} loading={run.isPending} onClick={() => run.mutate()}>
            立即备份
          </Button>
        </Space>
      }
    >
      {data && (
        <p className="admin-hint">
          {scheduleText(data.schedule, data.timeZone)}，保留 {data.keepDays} 天（最新一份成功的备份始终保留）；备份目录 {data.backupDir}。
          恢复请在服务器上停止服务后执行 npm run restore -- &lt;备份目录&gt;，详见运维手册。
        </p>
      )}
      <PagedTable<BackupRow> rowKey="id" size="middle" columns={columns} page={data} loading={isFetching} paging={paging} />
    </ListPage>
  );
}
