import { useState } from 'react';
import { Tabs, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { ListPage } from '../../lib/ListPage.tsx';
import { PagedTable } from '../../lib/PagedTable.tsx';
import { usePaging, type PageResult } from '../../lib/paging.ts';
import { formNameColumn } from '../formTask/taskColumns.tsx';
import { APPROVAL_QUERY_ROOT, queryStarted, queryTasks, type ProcessRow, type TaskRow } from './api.ts';
import { taskPageUrl } from './links.ts';
import { ApproveStatusTag } from './StatusTag.tsx';

type Tab = 'todo' | 'done' | 'started' | 'cc';

const title = (open: 'task' | 'view') => ({
  title: '标题',
  dataIndex: 'businessName',
  ellipsis: true,
  render: (v: string, r: TaskRow | ProcessRow) => {
    const url = taskPageUrl(r.processInstanceId, open === 'task' && 'taskId' in r ? r.taskId : null);
    return url ? <Link to={url}>{v}</Link> : v;
  },
});
const time = (label: string, key: string) => ({ title: label, dataIndex: key, width: 180, render: (v: string | null) => formatDateTime(v) });
const status = { title: '审批状态', dataIndex: 'approveStatus', width: 110, render: (v: string) => <ApproveStatusTag status={v} /> };

const TASK_COLUMNS: Record<'todo' | 'done' | 'cc', TableColumnsType<TaskRow>> = {
  todo: [
    title('task'),
    formNameColumn,
    { title: '当前节点', dataIndex: 'nodeName', width: 140, render: (v: string | null) => v || '-' },
    { title: '发起人', dataIndex: 'initiatorName', width: 110, render: (v: string | null) => v || '-' },
    time('到达时间', 'taskCreateTime'),
    time('处理时限', 'dueTime'),
  ],
  done: [title('view'), formNameColumn, { title: '处理节点', dataIndex: 'nodeName', width: 140, render: (v: string | null) => v || '-' }, time('处理时间', 'taskEndTime'), status],
  cc: [title('view'), formNameColumn, { title: '发起人', dataIndex: 'initiatorName', width: 110, render: (v: string | null) => v || '-' }, time('抄送时间', 'taskCreateTime'), status],
};
const STARTED_COLUMNS: TableColumnsType<ProcessRow> = [
  title('view'),
  formNameColumn,
  { title: '当前节点', dataIndex: 'currentNodeName', width: 160, render: (v: string | null) => v || '-' },
  time('发起时间', 'startTime'),
  time('结束时间', 'endTime'),
  status,
];

function PagedQuery<T extends { id: number }>({ name, fetch, columns }: { name: string; fetch: (p: number, s: number, signal: AbortSignal) => Promise<PageResult<T>>; columns: TableColumnsType<T> }) {
  const paging = usePaging();
  const { data, isFetching } = useQuery({
    queryKey: [...APPROVAL_QUERY_ROOT, name, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => fetch(paging.pageNum, paging.pageSize, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
  return <PagedTable<T> rowKey="id" columns={columns} page={data} loading={isFetching} paging={paging} />;
}

/** 待办事项 (/waitDoneTask/WaitDoneTask): to-do, done, started by me and copied to me. */
export function TaskListsPage() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>((params.get('tab') as Tab | null) ?? 'todo');
  const items = [
    { key: 'todo', label: '待办', children: <PagedQuery<TaskRow> name="todo" fetch={(p, s, signal) => queryTasks('todo', p, s, signal)} columns={TASK_COLUMNS.todo} /> },
    { key: 'done', label: '已办', children: <PagedQuery<TaskRow> name="done" fetch={(p, s, signal) => queryTasks('done', p, s, signal)} columns={TASK_COLUMNS.done} /> },
    { key: 'started', label: '我发起的', children: <PagedQuery<ProcessRow> name="started" fetch={queryStarted} columns={STARTED_COLUMNS} /> },
    { key: 'cc', label: '抄送我的', children: <PagedQuery<TaskRow> name="cc" fetch={(p, s, signal) => queryTasks('cc', p, s, signal)} columns={TASK_COLUMNS.cc} /> },
  ];
  return (
    <ListPage title="待办事项">
      <Tabs
        activeKey={tab}
        destroyOnHidden
        items={items}
        onChange={(key) => {
          setTab(key as Tab);
          setParams(key === 'todo' ? {} : { tab: key }, { replace: true });
        }}
      />
    </ListPage>
  );
}
