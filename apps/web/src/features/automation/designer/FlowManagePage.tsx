import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Form, Input, Popconfirm, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_EVENT_TEXT, type ExecutionStatus } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/http.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { StatusTag } from '../executions/StatusTag.tsx';
import { deleteFlow, enableFlow, queryFlowRows, type FlowManageRow } from './api.ts';
import './designer.css';

/** 自动化 › 流程管理 (issue 19): every flow with its trigger, state, version, last run and recent failures. */
export function FlowManagePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [flowName, setFlowName] = useState('');
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['automation', 'flowRows', pageNum, pageSize, flowName],
    queryFn: ({ signal }) => queryFlowRows({ pageNum, pageSize, flowName: flowName || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['automation'] });

  const toggle = async (row: FlowManageRow, on: boolean) => {
    try {
      await enableFlow(row.id, on ? 1 : 0);
      message.success(on ? '已启用' : '已停用');
      await refresh();
    } catch {
      /* the http client has shown the reason */
    }
  };
  const remove = async (row: FlowManageRow) => {
    try {
      await deleteFlow(row.id);
      message.success('删除成功');
      await refresh();
    } catch (err) {
      message.error(errorMessage(err, '删除失败'));
    }
  };

  const columns: TableColumnsType<FlowManageRow> = [
    { title: '名称', dataIndex: 'flowName', ellipsis: true },
    { title: '触发表单', dataIndex: 'formName', width: 180, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '触发事件', dataIndex: 'event', width: 90, render: (v: 'insert' | 'update' | 'delete') => `${FORM_EVENT_TEXT[v] ?? v}数据` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (v: number, r) => <Switch checked={v === 1} checkedChildren="启用" unCheckedChildren="停用" aria-label={`${r.flowName}启用`} onChange={(on) => void toggle(r, on)} />,
    },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
    {
      title: '最近执行',
      dataIndex: 'lastRunTime',
      width: 230,
      render: (v: string | null, r) =>
        v ? (
          <Space size={4}>
            {formatDateTime(v)}
            {r.lastRunStatus && <StatusTag status={r.lastRunStatus as ExecutionStatus} />}
          </Space>
        ) : (
          <span className="automation-muted">未执行</span>
        ),
    },
    {
      title: '近24小时失败',
      dataIndex: 'failedLastDay',
      width: 120,
      render: (v: number) => (v > 0 ? <Tag color="error">{v} 次</Tag> : <span className="automation-muted">0</span>),
    },
    {
      title: '操作',
      key: 'ops',
      width: 190,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/automation/design/${r.id}`)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/automation/execution?flowId=${r.id}`)}>
            执行记录
          </Button>
          <Popconfirm title={`确定删除自动化“${r.flowName}”吗？`} okText="确定" cancelText="取消" onConfirm={() => remove(r)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="流程管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/automation/design/new')}>
          新建
        </Button>
      }
    >
      <Form
        layout="inline"
        className="admin-filter list-toolbar"
        onFinish={(v: { flowName?: string }) => {
          setFlowName(v.flowName?.trim() ?? '');
          paging.reset();
        }}
      >
        <Form.Item name="flowName" label="名称">
          <Input allowClear placeholder="自动化名称" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
              查询
            </Button>
            <Button onClick={() => void refetch()}>刷新</Button>
          </Space>
        </Form.Item>
      </Form>
      <PagedTable<FlowManageRow> rowKey="id" size="middle" columns={columns} page={data} loading={isFetching} paging={paging} />
    </ListPage>
  );
}
