/** 角色用户: the users holding a role, added from a searched list and removed from its table. */
import { useState } from 'react';
import { App, Button, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT, type AdminRole, type RoleUser } from '@park/core';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { addRolesRelUser, keys, listRolesRelUserByRoleId, listUser, listUserByRoleId } from '../api.ts';
import { StatusTag, useDebounced } from '../common.tsx';

export interface Option {
  value: number;
  label: string;
}

export function RoleUsersModal({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const wd = useDebounced(search);
  const [picked, setPicked] = useState<Option[] | null>(null);
  const rel = useQuery({
    queryKey: [...keys.roleRel, 'users', role.id],
    queryFn: ({ signal }) => listRolesRelUserByRoleId(role.id, signal),
  });
  const holders = useQuery({
    queryKey: [...keys.roleRel, 'holders', role.id, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listUserByRoleId(role.id, paging.pageNum, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: [...keys.users, 'pick', wd],
    queryFn: ({ signal }) => listUser({ pageNum: 1, pageSize: 20, wd: wd || undefined }, signal),
  });
  const value = picked ?? (rel.data?.datas ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }));
  const options = [
    ...value,
    ...(found.data?.rows ?? [])
      .filter((u) => !value.some((v) => v.value === u.id))
      .map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` })),
  ];
  const save = useMutation({
    mutationFn: () => addRolesRelUser(role.id, value.map((v) => v.value)),
    onSuccess: async () => {
      void message.success(ADMIN_TEXT.saved);
      setPicked(null);
      await queryClient.invalidateQueries({ queryKey: keys.roleRel });
      await queryClient.invalidateQueries({ queryKey: keys.users });
    },
  });
  const columns: TableColumnsType<RoleUser> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <StatusTag status={v} /> },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (v: RoleUser['source']) => (v === 'direct' ? <Tag color="blue">直接分配</Tag> : <Tag>通过所属组织</Tag>),
    },
  ];
  return (
    <Modal open title={`角色用户：${role.roleName}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Space.Compact block className="role-users-pick">
        <Select<Option[]>
          mode="multiple"
          labelInValue
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={rel.isLoading}
          value={value}
          options={options}
          onChange={(v) => setPicked(v)}
          placeholder="搜索并选择用户"
          style={{ width: '100%' }}
          aria-label="直接分配的用户"
        />
        <Button type="primary" loading={save.isPending} disabled={picked === null} onClick={() => save.mutate()}>
          保存
        </Button>
      </Space.Compact>
      <p className="admin-hint">上方为直接分配该角色的用户；所属组织拥有该角色的用户也会获得它（在下表中标为“通过所属组织”）。</p>
      <PagedTable<RoleUser>
        rowKey="id"
        size="small"
        columns={columns}
        page={holders.data}
        loading={holders.isFetching}
        paging={paging}
      />
    </Modal>
  );
}
