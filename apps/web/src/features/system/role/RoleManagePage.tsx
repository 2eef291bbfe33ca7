import { useState } from 'react';
import { Button, Input, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT, DATA_SCOPE_LABELS, type AdminRole, type DataScope } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { deleteRole, keys, listRole } from '../api.ts';
import { DeleteLink } from '../common.tsx';
import '../system.css';
import { MenuBindingDrawer, SUPER_ROLE_CODE } from './MenuBindingDrawer.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { RoleOrgsModal } from './RoleOrgsModal.tsx';
import { RoleUsersModal } from './RoleUsersModal.tsx';

/** The checkable menu tree, buttons included: what the role's holders see and may call. */



type Dialog =
  | { kind: 'edit'; role: AdminRole | null }
  | { kind: 'menus'; role: AdminRole }
  | { kind: 'users'; role: AdminRole }
  | { kind: 'orgs'; role: AdminRole }
  | null;

export function RoleManagePage() {
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [roleName, setRoleName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { data, isFetching } = useQuery({
    queryKey: [...keys.roles, 'page', pageNum, pageSize, roleName],
    queryFn: ({ signal }) => listRole({ pageNum, pageSize, roleName: roleName || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AdminRole> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180 },
    {
      title: '类型',
      dataIndex: 'roleCode',
      width: 110,
      render: (v: string | null) => (v ? <Tag color="gold">系统内置</Tag> : <Tag>自定义</Tag>),
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      width: 170,
      render: (v: DataScope, r) => (r.roleCode === SUPER_ROLE_CODE ? DATA_SCOPE_LABELS.all : DATA_SCOPE_LABELS[v]),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 300,
      render: (_v, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', role: r })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'menus', role: r })}>
            菜单权限
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'users', role: r })}>
            用户
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'orgs', role: r })}>
            组织
          </Button>
          <DeleteLink
            what={`将删除角色「${r.roleName}」，拥有该角色的用户将失去其菜单权限。`}
            disabled={r.roleCode !== null}
            title={r.roleCode !== null ? ADMIN_TEXT.builtInRole : undefined}
            remove={async () => {
              await deleteRole(r.id);
              await queryClient.invalidateQueries({ queryKey: keys.roles });
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="角色管理"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDialog({ kind: 'edit', role: null })}>
          新增角色
        </Button>
      }
    >
      <div className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="角色名称"
          style={{ width: 260 }}
          onSearch={(v) => {
            setRoleName(v.trim());
            paging.reset();
          }}
        />
      </div>
      <PagedTable<AdminRole>
        rowKey="id"
        size="middle"
        columns={columns}
        page={data}
        loading={isFetching}
        paging={paging}
      />
      {dialog?.kind === 'edit' && <RoleDialog role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'menus' && <MenuBindingDrawer role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'users' && <RoleUsersModal role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'orgs' && <RoleOrgsModal role={dialog.role} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
