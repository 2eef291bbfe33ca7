import type { TableColumnsType } from 'antd';
import { formatDateTime } from '../../lib/format.ts';
import { PagedListPage } from '../../lib/PagedListPage.tsx';
import { formNameColumn, taskStatusColumn } from '../formTask/taskColumns.tsx';
import { queryWaitDoneTasks, WAIT_DONE_QUERY_ROOT, type WaitDoneTask } from './api.ts';

const columns: TableColumnsType<WaitDoneTask> = [
  { title: '标题', dataIndex: 'title', ellipsis: true },
  formNameColumn,
  { title: '发起人', dataIndex: 'initiatorName', width: 140, render: (v: string | null) => v || '-' },
  { title: '发起时间', dataIndex: 'createTime', width: 190, render: (v: string) => formatDateTime(v) },
  taskStatusColumn('待处理', '已处理'),
];

export function WaitDoneTaskPage() {
  return (
    <PagedListPage<WaitDoneTask>
      title="待办事项"
      queryKey={[...WAIT_DONE_QUERY_ROOT, 'list']}
      fetchPage={queryWaitDoneTasks}
      columns={columns}
    />
  );
}
