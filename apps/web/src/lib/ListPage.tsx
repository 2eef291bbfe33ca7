import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

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
