import type { TableColumnsType } from 'antd';
import { formatDateTime } from '../../lib/format.ts';
import { PagedListPage } from '../../lib/PagedListPage.tsx';
import { FORM_TASK_QUERY_ROOT, queryExecutingFormTasks, type FormTask } from './api.ts';
import { formNameColumn, taskStatusColumn } from './taskColumns.tsx';

const columns: TableColumnsType<FormTask> = [
  { title: '任务标题', dataIndex: 'title', ellipsis: true },
  formNameColumn,
  { title: '截止时间', dataIndex: 'deadline', width: 190, render: (v: string | null) => formatDateTime(v) },
  { title: '创建时间', dataIndex: 'createTime', width: 190, render: (v: string) => formatDateTime(v) },
  taskStatusColumn('执行中', '已完成'),
];

function FormTaskTable({ title }: { title: string }) {
  return (
    <PagedListPage<FormTask>
      title={title}
      queryKey={[...FORM_TASK_QUERY_ROOT, 'executing']}
      fetchPage={queryExecutingFormTasks}
      columns={columns}
    />
  );
}

export function ExecutingFormTaskPage() {
  return <FormTaskTable title="表单任务" />;
}

/** /formTaskList: until the task module lands it lists the same tasks (/formTaskInfo is the approval task page). */
export function FormTaskListPage() {
  return <FormTaskTable title="全部任务" />;
}
