import { useState, type ReactNode } from 'react';
import { Card, Empty, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { listTenant, TENANT_VIEW_ROOT } from './api.ts';
import './tenantViews.css';

/**
 * The original's tenant selector (screens-round3 §0): listTenant fills a filterable select
 * "请选择租户", the first tenant is chosen on first load, and every call below carries its id.
 */
export function useTenantChoice() {
  const { data: tenants = [], isLoading } = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'tenants'], queryFn: ({ signal }) => listTenant(signal) });
  const [picked, setTenantId] = useState<number | undefined>(undefined);
  // Until one is picked, the first tenant is the chosen one.
  const tenantId = picked ?? tenants[0]?.id;
  return { tenants, tenantId, setTenantId, isLoading };
}

/** A 租户管理 view: the selector on top, the view of the chosen tenant below. */
export function TenantView({ title, children }: { title: string; children: (tenantId: number) => ReactNode }) {
  const { tenants, tenantId, setTenantId, isLoading } = useTenantChoice();
  return (
    <div className="tenant-view">
      <Card variant="borderless" className="tenant-view-bar">
        <Space>
          <Typography.Text strong>{title}</Typography.Text>
          <span>租户：</span>
          <Select
            aria-label="租户"
            className="tenant-view-select"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择租户"
            loading={isLoading}
            value={tenantId}
            onChange={setTenantId}
            options={tenants.map((t) => ({ value: t.id, label: t.tenantName }))}
          />
        </Space>
      </Card>
      {tenantId === undefined ? <Empty description={isLoading ? '加载中' : '暂无租户'} /> : <div key={tenantId}>{children(tenantId)}</div>}
    </div>
  );
}
