import { useMemo, useState } from 'react';
import { Card, Descriptions, Modal, Switch, Table, Tree, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminMenu } from '@park/core';
import { listTenantMenu, TENANT_VIEW_ROOT } from '../common/api.ts';
import { TenantView } from '../common/TenantSelect.tsx';

interface MenuRow extends AdminMenu {
  parentMenuName: string | null;
}

interface MenuNode {
  key: number;
  title: string;
  children: MenuNode[];
}

/** Pages only: buttons are not menus of the tree. */
const toTree = (menus: AdminMenu[]): MenuNode[] =>
  menus.filter((m) => m.menuType === 'menu').map((m) => ({ key: m.id, title: m.name, children: toTree(m.children) }));

function findMenu(menus: AdminMenu[], id: number): AdminMenu | undefined {
  for (const m of menus) {
    if (m.id === id) return m;
    const hit = findMenu(m.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * 租户管理 › 菜单 (the original's TenantMenu, read-only as its live screen): the menus the tenant
 * has — the park's tenant-visible ones and its own handed-down forms' — as a tree; a node lists its children.
 */
function TenantMenus({ tenantId }: { tenantId: number }) {
  const menus = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'menus', tenantId], queryFn: ({ signal }) => listTenantMenu(tenantId, undefined, signal) });
  const [current, setCurrent] = useState<AdminMenu | null>(null);
  const [viewing, setViewing] = useState<MenuRow | null>(null);
  const all = useMemo(() => menus.data?.menus ?? [], [menus.data]);
  const rows: MenuRow[] = useMemo(
    () => (current ? current.children : all).map((m) => ({ ...m, parentMenuName: current?.name ?? null })),
    [current, all],
  );
  const columns: TableColumnsType<MenuRow> = [
    { title: '菜单编号', dataIndex: 'id', width: 100 },
    { title: '菜单名称', dataIndex: 'name' },
    { title: '上级菜单', dataIndex: 'parentMenuName', render: (v: string | null) => v || '-' },
    { title: '菜单等级', dataIndex: 'level', width: 90 },
    { title: '路由地址', dataIndex: 'path' },
    { title: '排序号', dataIndex: 'orderIndex', width: 90 },
  ];
  return (
    <div className="tenant-view-split">
      <Card title="菜单" variant="borderless" className="tenant-view-side">
        {menus.data && <Tree treeData={toTree(all)} onSelect={(keys) => setCurrent(keys.length ? (findMenu(all, Number(keys[0])) ?? null) : null)} />}
      </Card>
      <Card title={`当前菜单：${current?.name ?? '全部'}`} variant="borderless" className="tenant-view-main">
        <Table<MenuRow>
          rowKey="id"
          size="middle"
          loading={menus.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={false}
          onRow={(r) => ({ onClick: () => setViewing(r), style: { cursor: 'pointer' } })}
        />
      </Card>
      <Modal title="查看菜单" open={viewing !== null} footer={null} onCancel={() => setViewing(null)}>
        {viewing && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="菜单名称">{viewing.name}</Descriptions.Item>
            <Descriptions.Item label="上级菜单">{viewing.parentMenuName || '-'}</Descriptions.Item>
            <Descriptions.Item label="路由地址">{viewing.path}</Descriptions.Item>
            <Descriptions.Item label="组件名称">{viewing.component || '-'}</Descriptions.Item>
            <Descriptions.Item label="排序号">{viewing.orderIndex}</Descriptions.Item>
            <Descriptions.Item label="是否显示">
              <Switch checked={!viewing.hidden} disabled />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

export function TenantMenuPage() {
  return <TenantView title="菜单">{(tenantId) => <TenantMenus tenantId={tenantId} />}</TenantView>;
}
