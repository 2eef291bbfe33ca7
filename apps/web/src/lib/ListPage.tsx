import type { ReactNode } from 'react';
import { Button, Card, Empty, Form, Space } from 'antd';
import { InboxOutlined, SearchOutlined } from '@ant-design/icons';

/** The frame every list page shares: a titled card, an optional toolbar, the table. */
export function ListPage({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} variant="borderless" className="list-page">
      {children}
    </Card>
  );
}

/**
 * The end of a list page's filter form: 查询 submits it, 重置 empties it (the page clears its
 * filters and goes back to page 1 in `onReset`), then any further buttons (刷新).
 */
export function FilterActions({ onReset, children }: { onReset(): void; children?: ReactNode }) {
  const form = Form.useFormInstance();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          重置
        </Button>
        {children}
      </Space>
    </Form.Item>
  );
}

/**
 * antd's stock empty images carry an SVG <title> repeating the description, so the text would
 * appear twice to screen readers and to text locators. This icon is decorative only.
 */
export function EmptyState({ description = '暂无数据' }: { description?: string }) {
  return (
    <Empty
      image={<InboxOutlined aria-hidden="true" className="empty-state-icon" />}
      styles={{ image: { height: 44 } }}
      description={description}
    />
  );
}

export const tableLocale = { emptyText: <EmptyState /> };
