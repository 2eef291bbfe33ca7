import { useState } from 'react';
import { Card, Descriptions, Input, Modal, Tag, Tree, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TENANT_USER_TYPE_TEXT, type AdminUser, type TenantUserType } from '@park/core';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { orgOptions, SEX_TEXT, StatusTag } from '../../system/common.tsx';
import { getTenantUserRelative, listRoleByUserId, listTenantOrgTree, listTenantUser, TENANT_VIEW_ROOT } from '../common/api.ts';
import { TenantView } from '../common/TenantSelect.tsx';

/** The 查看 dialog: the user's fields, its 租户用户类型 (getTenantUserRelative) and roles (listRoleByUserId). */
function UserDetail({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const relative = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'relative', user.id], queryFn: ({ signal }) => getTenantUserRelative(user.id, signal) });
  const roles = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'userRoles', user.id], queryFn: ({ signal }) => listRoleByUserId(user.id, signal) });
  return (
    <Modal title="查看" open footer={null} onCancel={onClose} width={560}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
        <Descriptions.Item label="真实名称">{user.realName}</Descriptions.Item>
        <Descriptions.Item label="所属组织">{user.orgList.map((o) => o.orgName).join('，') || '-'}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{user.phone || '-'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{user.email || '-'}</Descriptions.Item>
        <Descriptions.Item label="性别">{user.sex ? (SEX_TEXT[user.sex] ?? '-') : '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">{user.status === 0 ? '正常' : '停用'}</Descriptions.Item>
        <Descriptions.Item label="租户用户类型">
          {relative.data ? TENANT_USER_TYPE_TEXT[relative.data.userType] : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="角色组">{(roles.data ?? []).map((r) => <Tag key={r.id}>{r.roleName}</Tag>)}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/**
 * 租户管理 › 用户 (the original's TenantUser, read-only as its live screen): the tenant's
 * organisation tree on the left, its users (with 租户用户类型 and roles) on the right.
 */
function TenantUsers({ tenantId }: { tenantId: number }) {
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [orgId, setOrgId] = useState<number | undefined>(undefined);
  const [wd, setWd] = useState('');
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const orgs = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'orgTree', tenantId], queryFn: ({ signal }) => listTenantOrgTree(tenantId, signal) });
  const users = useQuery({
    queryKey: [...TENANT_VIEW_ROOT, 'users', tenantId, { orgId, wd, pageNum, pageSize }],
    queryFn: ({ signal }) => listTenantUser({ tenantId, orgId, wd: wd || undefined, pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<AdminUser> = [
    { title: '用户名', dataIndex: 'username', width: 140 },
    { title: '真实名称', dataIndex: 'realName', width: 120 },
    { title: '性别', dataIndex: 'sex', width: 64, render: (v: string | null) => (v ? (SEX_TEXT[v] ?? '-') : '-') },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string | null) => v || '-' },
    { title: '所属组织', dataIndex: 'orgList', render: (l: AdminUser['orgList']) => l.map((o) => o.orgName).join('，') || '-' },
    {
      title: '租户用户类型',
      dataIndex: 'tenantUserType',
      width: 110,
      render: (v: TenantUserType | null | undefined) => (v === null || v === undefined ? '-' : TENANT_USER_TYPE_TEXT[v]),
    },
    { title: '角色', dataIndex: 'roleList', render: (l: AdminUser['roleList']) => l.map((r) => <Tag key={r.id} color="blue">{r.roleName}</Tag>) },
    { title: '状态', dataIndex: 'status', width: 76, render: (v: number) => <StatusTag status={v} /> },
  ];
  return (
    <div className="tenant-view-split">
      <Card title="组织机构" variant="borderless" className="tenant-view-side">
        {orgs.data && (
          <Tree
            defaultExpandAll
            treeData={orgOptions(orgs.data)}
            onSelect={(keys) => {
              setOrgId(keys.length ? Number(keys[0]) : undefined);
              paging.reset();
            }}
          />
        )}
      </Card>
      <Card variant="borderless" className="tenant-view-main">
        <Input.Search placeholder="搜索" allowClear enterButton="搜索" style={{ maxWidth: 320, marginBottom: 12 }} onSearch={(v) => setWd(v.trim())} />
        <PagedTable<AdminUser>
          rowKey="id"
          columns={columns}
          loading={users.isFetching}
          page={users.data}
          paging={paging}
          onRow={(r) => ({ onClick: () => setViewing(r), style: { cursor: 'pointer' } })}
        />
      </Card>
      {viewing && <UserDetail user={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

export function TenantUserPage() {
  return <TenantView title="用户">{(tenantId) => <TenantUsers tenantId={tenantId} />}</TenantView>;
}
