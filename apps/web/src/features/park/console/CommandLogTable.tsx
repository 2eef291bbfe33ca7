import { Table, Tag, type TableColumnsType } from 'antd';
import type { CommandLogRow } from '@park/core';
import { tableLocale } from '../../../lib/ListPage.tsx';
import { park } from './api.ts';
import { useLive } from './live.ts';

const columns: TableColumnsType<CommandLogRow> = [
  { title: '时间', dataIndex: 'createTime', width: 170 },
  { title: '操作', dataIndex: 'command', width: 110 },
  { title: '对象', dataIndex: 'target', ellipsis: true },
  { title: '操作人', dataIndex: 'username', width: 100 },
  { title: '设备返回', dataIndex: 'message', ellipsis: true },
  { title: '结果', dataIndex: 'ok', width: 80, render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? '成功' : '失败'}</Tag> },
];

/** The commands sent to devices of one kind, newest first, as park_command_log keeps them. */
export function CommandLogTable({ kind }: { kind?: 'door' | 'whiteList' | 'broadcast' }) {
  const log = useLive(['commandLog', kind], (s) => park.commandLog({ kind, pageSize: 10 }, s));
  return <Table<CommandLogRow> rowKey="id" size="small" columns={columns} dataSource={log.data?.datas ?? []} locale={tableLocale} pagination={false} data-testid={`command-log-${kind ?? 'all'}`} />;
}
