import { Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../app/format.ts';
import { ListPage, tableLocale } from '../../app/ListPage.tsx';
import { tablePagination, usePaging } from '../../app/paging.ts';
import { FORM_TASK_QUERY_ROOT, queryExecutingFormTasks, type FormTask } from './api.ts';

function statusTag(status: number | string) {
  const code = Number(status);
  if (code === 0) return <Tag color="processing">执行中</Tag>;
  if (code === 1) return <Tag color="success">已完成</Tag>;
  return <Tag>{String(status)}</Tag>;
}

const columns: TableColumnsType<FormTask> = [
  { title: '任务标题', dataIndex: 'title', ellipsis: true },
  {
    title: '表单',
    dataIndex: 'formName',
    width: 200,
    ellipsis: true,
    render: (v: string | null) => v || '-',
  },
  { title: '截止时间', dataIndex: 'deadline', width: 190, render: (v: string | null) => formatDateTime(v) },
  { title: '创建时间', dataIndex: 'createTime', width: 190, render: (v: string) => formatDateTime(v) },
  { title: '状态', dataIndex: 'status', width: 110, render: statusTag },
];

function FormTaskTable({ title }: { title: string }) {
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const { data, isFetching } = useQuery({
    queryKey: [...FORM_TASK_QUERY_ROOT, 'executing', pageNum, pageSize],
    queryFn: ({ signal }) => queryExecutingFormTasks(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title={title}>
      <Table<FormTask>
        rowKey="id"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
    </ListPage>
  );
}

export function ExecutingFormTaskPage() {
  return <FormTaskTable title="表单任务" />;
}

/** /formTaskList and /formTaskInfo: until the task module lands they list the same tasks. */
export function FormTaskListPage() {
  return <FormTaskTable title="全部任务" />;
}

export function FormTaskInfoPage() {
  return <FormTaskTable title="任务详情" />;
}
