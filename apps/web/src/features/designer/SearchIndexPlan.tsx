import { Table, Typography } from 'antd';
import type { PublishPlan, SearchIndexChange } from './api.ts';

const columns = [
  { title: '操作', dataIndex: 'action', key: 'action', render: (v: SearchIndexChange['action']) => (v === 'create' ? '建立' : '删除') },
  { title: '控件', dataIndex: 'control', key: 'control', render: (v: string) => v || '-' },
  { title: '字段', dataIndex: 'column', key: 'column', render: (v: string) => v || '-' },
  { title: '用途', dataIndex: 'purpose', key: 'purpose' },
];

/** The list-search indexes 发布 builds or drops (issue 16), beside the columns it adds. */
export function SearchIndexPlan({ plan }: { plan: PublishPlan['searchIndexes'] }) {
  if (!plan || plan.changes.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>列表查询索引（{plan.changes.length}）</Typography.Title>
      <Typography.Paragraph type="secondary">{plan.note}</Typography.Paragraph>
      <Table
        data-testid="plan-indexes"
        size="small"
        pagination={false}
        rowKey="name"
        columns={columns}
        dataSource={plan.changes}
      />
    </>
  );
}
