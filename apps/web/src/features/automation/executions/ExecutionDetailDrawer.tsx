import { Button, Descriptions, Drawer, Empty, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FORM_EVENT_TEXT, NODE_TYPE_TEXT, type StepRowView } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { automationKeys, getExecution } from '../api.ts';
import { StatusTag } from './StatusTag.tsx';

const json = (v: unknown) => (v === null || v === undefined ? '（无）' : JSON.stringify(v, null, 2));

/** One execution: its summary and each node's input, output, attempt and error; 重试 when it failed. */
export function ExecutionDetailDrawer({ id, onClose, onRetry }: { id: number | null; onClose: () => void; onRetry: (id: number) => Promise<void> }) {
  const { data, isLoading } = useQuery({
    queryKey: automationKeys.execution(id ?? 0),
    queryFn: ({ signal }) => getExecution(id!, signal),
    enabled: id !== null,
    // An execution changes while it waits or runs (a retry, say): read it afresh on every opening,
    // and follow it every 2 s until it ends, instead of showing the state cached at the last look.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (q) => (['pending', 'running'].includes(String(q.state.data?.execution.status)) ? 2000 : false),
  });
  const e = data?.execution;

  const columns: TableColumnsType<StepRowView> = [
    { title: '节点', dataIndex: 'nodeName', render: (v: string, r) => `${v}（${NODE_TYPE_TEXT[r.nodeType] ?? r.nodeType}）` },
    { title: '第几次', dataIndex: 'attempt', width: 70, render: (v: number) => `第${v}次` },
    { title: '结果', dataIndex: 'status', width: 80, render: (v: string) => (v === 'success' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>) },
    { title: '时间', dataIndex: 'finishTime', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '错误', dataIndex: 'error', ellipsis: true, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <Drawer
      open={id !== null}
      title={e ? `执行详情 #${e.id}` : '执行详情'}
      size={760}
      onClose={onClose}
      extra={
        e?.status === 'failed' ? (
          <Button type="primary" onClick={() => void onRetry(e.id)}>
            重试
          </Button>
        ) : null
      }
    >
      {isLoading || !data ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="自动化">{`${e!.flowName}（v${e!.version}）`}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={e!.status} />
            </Descriptions.Item>
            <Descriptions.Item label="表单">{e!.formName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="数据ID">{e!.recordId}</Descriptions.Item>
            <Descriptions.Item label="事件">{FORM_EVENT_TEXT[e!.event] ?? e!.event}</Descriptions.Item>
            <Descriptions.Item label="触发层级">{e!.depth}</Descriptions.Item>
            <Descriptions.Item label="触发时间">{formatDateTime(e!.createTime)}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{formatDateTime(e!.finishTime)}</Descriptions.Item>
            {e!.error && (
              <Descriptions.Item label="错误" span={2}>
                {e!.error}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h4 className="automation-steps-title">节点执行情况</h4>
          <Table<StepRowView>
            rowKey="id"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={data.steps}
            locale={{ emptyText: <Empty description="尚未执行任何节点" /> }}
            expandable={{
              expandedRowRender: (s) => (
                <div className="automation-step-io">
                  <div>
                    <b>输入</b>
                    <pre>{json(s.input)}</pre>
                  </div>
                  <div>
                    <b>输出</b>
                    <pre>{json(s.output)}</pre>
                  </div>
                </div>
              ),
            }}
          />
        </>
      )}
    </Drawer>
  );
}
