import { useMemo, useState } from 'react';
import { Card, Empty, Input, Menu, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminMenu } from '@park/core';
import { toMenuTree, type MenuTreeNode } from '../../system/role/menuTree.tsx';
import { listTenantMenu, listTenantRole, TENANT_VIEW_ROOT } from '../common/api.ts';
import { TenantView } from '../common/TenantSelect.tsx';

/** The menus whose name holds the filter, with their parents (the original's filter-node-method). */
function filterMenus(menus: AdminMenu[], text: string): AdminMenu[] {
  if (!text) return menus;
  return menus.flatMap((m) => {
    const children = filterMenus(m.children, text);
    return m.name.includes(text) || children.length > 0 ? [{ ...m, children }] : [];
  });
}

/**
 * 租户管理 › 角色 (the original's TenantRole): the tenant's roles on the left; on the right the
 * menus a tenant's role may grant, checked where the chosen role grants them (read-only here).
 */
function TenantRoles({ tenantId }: { tenantId: number }) {
  const roles = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'roles', tenantId], queryFn: ({ signal }) => listTenantRole(tenantId, signal) });
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const [filter, setFilter] = useState('');
  const menus = useQuery({
    queryKey: [...TENANT_VIEW_ROOT, 'roleMenus', tenantId, roleId],
    queryFn: ({ signal }) => listTenantMenu(tenantId, roleId, signal),
    enabled: roleId !== undefined,
  });
  const tree: MenuTreeNode[] = useMemo(() => toMenuTree(filterMenus(menus.data?.menus ?? [], filter.trim())), [menus.data, filter]);
  return (
    <div className="tenant-view-split">
      <Card title="角色" variant="borderless" className="tenant-view-side">
        {roles.data?.length ? (
          <Menu
            selectedKeys={roleId === undefined ? [] : [String(roleId)]}
            onClick={(e) => setRoleId(Number(e.key))}
            items={roles.data.map((r) => ({ key: String(r.id), label: r.roleName }))}
          />
        ) : (
          <Empty description="暂无角色" />
        )}
      </Card>
      <Card title="菜单权限" variant="borderless" className="tenant-view-main">
        {roleId === undefined ? (
          <Empty description="请选择角色" />
        ) : (
          <>
            <Input placeholder="请输入权限菜单名称" allowClear style={{ maxWidth: 320, marginBottom: 12 }} onChange={(e) => setFilter(e.target.value)} />
            {menus.data && (
              <Tree checkable checkStrictly disabled defaultExpandAll treeData={tree} checkedKeys={menus.data.menuIds} aria-label="菜单权限" />
            )}
          </>
        )}
      </Card>
    </div>
  );
}

export function TenantRolePage() {
  return <TenantView title="角色与菜单权限">{(tenantId) => <TenantRoles tenantId={tenantId} />}</TenantView>;
}
