import { Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../app/format.ts';
import { ListPage, tableLocale } from '../../app/ListPage.tsx';
import { tablePagination, usePaging } from '../../app/paging.ts';
import { queryWaitDoneTasks, WAIT_DONE_QUERY_ROOT, type WaitDoneTask } from './api.ts';

function statusTag(status: number | string) {
  const code = Number(status);
  if (code === 0) return <Tag color="processing">待处理</Tag>;
  if (code === 1) return <Tag color="success">已处理</Tag>;
  return <Tag>{String(status)}</Tag>;
}

const columns: TableColumnsType<WaitDoneTask> = [
  { title: '标题', dataIndex: 'title', ellipsis: true },
  {
    title: '表单',
    dataIndex: 'formName',
    width: 200,
    ellipsis: true,
    render: (v: string | null) => v || '-',
  },
  { title: '发起人', dataIndex: 'initiatorName', width: 140, render: (v: string | null) => v || '-' },
  { title: '发起时间', dataIndex: 'createTime', width: 190, render: (v: string) => formatDateTime(v) },
  { title: '状态', dataIndex: 'status', width: 110, render: statusTag },
];

export function WaitDoneTaskPage() {
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const { data, isFetching } = useQuery({
    queryKey: [...WAIT_DONE_QUERY_ROOT, 'list', pageNum, pageSize],
    queryFn: ({ signal }) => queryWaitDoneTasks(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title="待办事项">
      <Table<WaitDoneTask>
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
