/** 菜单权限: binds a role to menus and buttons; the built-in administrator role is shown, not edited. */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Space, Spin, Tree } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_TEXT, DATA_SCOPE_LABELS, type AdminRole } from '@park/core';
import { addRolesRelMenu, keys, listMenu } from '../api.ts';
import { leafIds, parentMap, toMenuTree, type MenuTreeNode } from './menuTree.tsx';

/** The built-in administrator role: bound to every menu, its bindings are not edited. */
export const SUPER_ROLE_CODE = 'sys_admin';

export function MenuBindingDrawer({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { message } = App.useApp();
  const isSuper = role.roleCode === SUPER_ROLE_CODE;
  const { data, isLoading } = useQuery({
    queryKey: [...keys.menus, 'role', role.id],
    queryFn: ({ signal }) => listMenu(role.id, signal),
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  const menus = useMemo(() => data?.menus ?? [], [data]);
  const treeData = useMemo(() => toMenuTree(menus), [menus]);
  const initial = useMemo(() => leafIds(menus, new Set(data?.menuIds ?? [])), [menus, data]);
  const current = checked ?? initial;

  const save = useMutation({
    mutationFn: async () => {
      // Parents of a checked node come along, as the tree shows them half-checked.
      const parents = parentMap(menus);
      const ids = new Set<number>();
      for (const id of current) {
        // A page leaf (negative key) stands for its menu.
        for (let at: number | null | undefined = Math.abs(id); at != null && !ids.has(at); at = parents.get(at)) ids.add(at);
      }
      await addRolesRelMenu(role.id, [...ids]);
    },
    onSuccess: () => {
      void message.success(ADMIN_TEXT.saved);
      onClose();
    },
  });

  return (
    <Drawer
      open
      title={`菜单权限：${role.roleName}`}
      size={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={isSuper || isLoading} loading={save.isPending} onClick={() => save.mutate()}>
            保存
          </Button>
        </Space>
      }
    >
      {isSuper ? (
        <Alert type="info" showIcon title="系统管理员拥有全部菜单与操作权限，包括以后新增的菜单，无需分配。" />
      ) : isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty description="暂无菜单" />
      ) : (
        <>
          <p className="admin-hint">
            勾选的菜单对该角色可见；按钮为列表页等页面上的操作权限（表单的查看、新增、编辑、删除、导入、导出在服务端逐次校验），
            可操作的记录由角色的数据范围（{DATA_SCOPE_LABELS[role.dataScope]}）决定。修改在用户的下一次请求时生效。
          </p>
          <Tree<MenuTreeNode>
            checkable
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={current}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
            aria-label="菜单权限"
          />
        </>
      )}
    </Drawer>
  );
}
