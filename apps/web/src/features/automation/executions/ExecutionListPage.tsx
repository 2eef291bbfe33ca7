import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Form, Input, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXECUTION_STATUSES, EXECUTION_STATUS_TEXT, FORM_EVENT_TEXT, type ExecutionRow, type ExecutionStatus } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/http.ts';
import { FilterActions, ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { automationKeys, queryExecutions, queryFlows, retryExecution, type ExecutionFilters } from '../api.ts';
import { ExecutionDetailDrawer } from './ExecutionDetailDrawer.tsx';
import { StatusTag } from './StatusTag.tsx';
import './automation.css';

interface FilterForm {
  flowId?: number;
  status?: ExecutionStatus;
  recordId?: string;
}

/** 自动化 › 执行记录: every execution with its status, flow, record, time and error; 重试 for a failed one. */
export function ExecutionListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  // 流程管理's 执行记录 opens this page filtered to one flow (?flowId=N).
  const initialFlowId = Number(useSearchParams()[0].get('flowId')) || undefined;
  const [filters, setFilters] = useState<ExecutionFilters>(initialFlowId ? { flowId: initialFlowId } : {});
  const [openId, setOpenId] = useState<number | null>(null);

  const flows = useQuery({ queryKey: automationKeys.flows, queryFn: ({ signal }) => queryFlows(signal) });
  const { data, isFetching, refetch } = useQuery({
    queryKey: [...automationKeys.executions, pageNum, pageSize, filters],
    queryFn: ({ signal }) => queryExecutions({ pageNum, pageSize, ...filters }, signal),
    placeholderData: keepPreviousData,
  });

  const retry = async (id: number) => {
    try {
      await retryExecution(id);
      message.success('已提交重试');
      await queryClient.invalidateQueries({ queryKey: ['automation'] });
    } catch (err) {
      message.error(errorMessage(err, '重试失败'));
    }
  };

  const columns: TableColumnsType<ExecutionRow> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '自动化', dataIndex: 'flowName', ellipsis: true, render: (v: string, r) => `${v}（v${r.version}）` },
    { title: '表单', dataIndex: 'formName', width: 170, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '数据ID', dataIndex: 'recordId', width: 90 },
    { title: '事件', dataIndex: 'event', width: 70, render: (v: ExecutionRow['event']) => FORM_EVENT_TEXT[v] ?? v },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: ExecutionStatus) => <StatusTag status={v} /> },
    { title: '触发时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '完成时间', dataIndex: 'finishTime', width: 170, render: (v: string | null) => formatDateTime(v) },
    {
      title: '错误',
      dataIndex: 'error',
      ellipsis: true,
      render: (v: string | null, r) =>
        v ? (
          <Tooltip title={r.status === 'pending' && r.nextRunTime ? `${v}（将于 ${formatDateTime(r.nextRunTime)} 重试）` : v}>
            <span className="automation-error">{v}</span>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 120,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
            详情
          </Button>
          {r.status === 'failed' && (
            <Button type="link" size="small" onClick={() => void retry(r.id)}>
              重试
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="执行记录">
      <Form<FilterForm>
        form={form}
        initialValues={{ flowId: initialFlowId }}
        layout="inline"
        className="admin-filter list-toolbar"
        onFinish={(v) => {
          setFilters({ flowId: v.flowId, status: v.status, recordId: v.recordId?.trim() || undefined });
          paging.reset();
        }}
      >
        <Form.Item name="flowId" label="自动化">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            style={{ width: 240 }}
            loading={flows.isLoading}
            options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.flowName }))}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={EXECUTION_STATUSES.map((s) => ({ value: s, label: EXECUTION_STATUS_TEXT[s] }))} />
        </Form.Item>
        <Form.Item name="recordId" label="数据ID" rules={[{ pattern: /^\d*$/, message: '请输入数字' }]}>
          <Input allowClear placeholder="数据ID" style={{ width: 120 }} />
        </Form.Item>
        <FilterActions
          onReset={() => {
            setFilters({});
            paging.reset();
          }}
        >
          <Button onClick={() => void refetch()}>刷新</Button>
        </FilterActions>
      </Form>
      <PagedTable<ExecutionRow> rowKey="id" size="middle" columns={columns} page={data} loading={isFetching} paging={paging} />
      <ExecutionDetailDrawer id={openId} onClose={() => setOpenId(null)} onRetry={retry} />
    </ListPage>
  );
}
