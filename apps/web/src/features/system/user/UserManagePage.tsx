import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  Select,
  Space,
  Tag,
  Tree,
  TreeSelect,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  isPhone,
  PHONE_MESSAGE,
  TENANT_USER_TYPE_TEXT,
  type AdminUser,
  type TenantUserType,
  type UserInput,
  type UserType,
} from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { useSession } from '../../../lib/session.tsx';
import { addUser, deleteUser, keys, listUser, resetPwd, updateStatus, updateUser } from '../api.ts';
import {
  DeleteLink,
  orgOptions,
  SEX_TEXT,
  StatusTag,
  useAccountActions,
  useAllRoles,
  useOrgTree,
  UserIdentityFields,
  useShowPasswordOnce,
  USER_TYPE_TEXT,
} from '../common.tsx';
import '../system.css';

interface UserForm {
  username: string;
  realName: string;
  sex: string | null;
  phone: string;
  email: string;
  userType: UserType;
  tenantUserType?: TenantUserType;
  orgIds: number[];
  roleIds: number[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; user: AdminUser } | null;

function UserDialog({ editing, onClose }: { editing: Exclude<Editing, null>; onClose: () => void }) {
  const showPassword = useShowPasswordOnce();
  const { data: orgs = [] } = useOrgTree();
  const { data: roles = [] } = useAllRoles();
  const isEdit = editing.mode === 'edit';
  // A tenant's administrator makes its own 子管理员 and 普通用户, never a park user (issue 36).
  const byTenant = useSession().user.userType !== 0;
  const owner = editing.mode === 'edit' && editing.user.tenantUserType === 0;

  const initialValues: Partial<UserForm> =
    editing.mode === 'edit'
      ? {
          username: editing.user.username,
          realName: editing.user.realName,
          sex: editing.user.sex,
          phone: editing.user.phone ?? '',
          email: editing.user.email ?? '',
          userType: editing.user.userType,
          tenantUserType: editing.user.tenantUserType ?? 2,
          orgIds: editing.user.orgList.map((o) => o.id),
          roleIds: editing.user.roleList.map((r) => r.id),
        }
      : { userType: byTenant ? 2 : 0, tenantUserType: 2, sex: '0', orgIds: [], roleIds: [] };

  const dialog = useEditDialog({
    save: async (v: UserForm) => {
      const body: UserInput = {
        username: v.username.trim(),
        realName: v.realName.trim(),
        sex: v.sex,
        phone: v.phone?.trim() || null,
        email: v.email?.trim() || null,
        userType: byTenant && !owner ? (v.tenantUserType === 1 ? 1 : 2) : v.userType,
        ...(byTenant && !owner ? { tenantUserType: v.tenantUserType ?? 2 } : {}),
        orgIds: v.orgIds ?? [],
        roleIds: v.roleIds ?? [],
      };
      if (editing.mode === 'edit') {
        await updateUser({ ...body, id: editing.user.id });
        return null;
      }
      return addUser(body);
    },
    onClose,
    afterClose: (created, v) => {
      if (created) showPassword(v.username.trim(), created.password, '用户已创建');
    },
    refresh: [keys.users],
  });

  return (
    <EditModal<UserForm>
      title={isEdit ? '编辑用户' : '新增用户'}
      width={640}
      {...dialog}
      layout="horizontal"
      labelCol={{ span: 5 }}
      initialValues={initialValues}
      name="user"
    >
      <UserIdentityFields isEdit={isEdit} usernamePlaceholder="登录用的用户名" />
        <Form.Item
          label="手机号"
          name="phone"
          rules={[{ validator: async (_r, v: string) => (!v || isPhone(v.trim()) ? undefined : Promise.reject(new Error(PHONE_MESSAGE))) }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="电子邮箱" name="email" rules={[{ pattern: EMAIL_PATTERN, message: EMAIL_MESSAGE }]}>
          <Input maxLength={100} />
        </Form.Item>
        {byTenant ? (
          <Form.Item label="租户用户类型" name="tenantUserType" rules={[{ required: true, message: '请选择租户用户类型' }]}>
            <Select
              disabled={owner}
              options={(owner ? [0, 1, 2] : [1, 2]).map((v) => ({ value: v, label: TENANT_USER_TYPE_TEXT[v as TenantUserType] }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label="用户类型" name="userType" rules={[{ required: true, message: '请选择用户类型' }]}>
            <Select options={[0, 1, 2].map((v) => ({ value: v, label: USER_TYPE_TEXT[v] }))} />
          </Form.Item>
        )}
        <Form.Item label="所属组织" name="orgIds">
          <TreeSelect
            treeData={orgOptions(orgs)}
            multiple
            treeDefaultExpandAll
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="请选择组织"
          />
        </Form.Item>
        <Form.Item label="角色" name="roleIds">
          <Select
            mode="multiple"
            allowClear
            placeholder="请选择角色"
            optionFilterProp="label"
            options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
    </EditModal>
  );
}

export function UserManagePage() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [wd, setWd] = useState('');
  const [status, setStatus] = useState<0 | 1 | undefined>(undefined);
  const [orgId, setOrgId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const { data: orgs = [] } = useOrgTree();
  const treeData = useMemo(() => orgOptions(orgs), [orgs]);

  const { data, isFetching } = useQuery({
    queryKey: [...keys.users, { pageNum, pageSize, wd, status, orgId }],
    queryFn: ({ signal }) => listUser({ pageNum, pageSize, wd: wd || undefined, status, orgId }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.users });

  const { toggleStatus, reset } = useAccountActions({ setStatus: updateStatus, resetPassword: resetPwd, refresh });

  const columns: TableColumnsType<AdminUser> = [
    { title: '用户名', dataIndex: 'username', width: 130, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true },
    { title: '性别', dataIndex: 'sex', width: 64, render: (v: string | null) => (v ? (SEX_TEXT[v] ?? '-') : '-') },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string | null) => v || '-' },
    {
      title: '所属组织',
      dataIndex: 'orgList',
      render: (list: AdminUser['orgList']) =>
        list.length ? <span className="admin-tags">{list.map((o) => <Tag key={o.id}>{o.orgName}</Tag>)}</span> : '-',
    },
    {
      title: '角色',
      dataIndex: 'roleList',
      render: (list: AdminUser['roleList']) =>
        list.length ? (
          <span className="admin-tags">
            {list.map((r) => (
              <Tag key={r.id} color="blue">
                {r.roleName}
              </Tag>
            ))}
          </span>
        ) : (
          '-'
        ),
    },
    { title: '用户类型', dataIndex: 'userType', width: 100, render: (v: number) => USER_TYPE_TEXT[v] ?? v },
    { title: '状态', dataIndex: 'status', width: 76, render: (v: number) => <StatusTag status={v} /> },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 250,
      fixed: 'right',
      render: (_v, u) => {
        const self = u.id === me.id;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', user: u })}>
              编辑
            </Button>
            <Button type="link" size="small" disabled={self} onClick={() => toggleStatus(u)}>
              {u.status === 0 ? '停用' : '启用'}
            </Button>
            <Button type="link" size="small" disabled={self} onClick={() => reset(u)}>
              重置密码
            </Button>
            <DeleteLink
              what={`将删除用户「${u.realName}（${u.username}）」。`}
              disabled={self}
              remove={async () => {
                await deleteUser(u.id);
                await refresh();
              }}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <div className="admin-split">
      <Card title="组织机构" variant="borderless" className="admin-split-side admin-side-card">
        <div className="admin-tree-wrap">
          <Tree
            // defaultExpandAll applies to the nodes there at mount: the tree is mounted again when the
            // organisations arrive, or they would stay folded whenever the page drew before its query ended.
            key={orgs.length > 0 ? 'orgs' : 'loading'}
            blockNode
            defaultExpandAll
            selectedKeys={orgId === undefined ? ['all'] : [orgId]}
            treeData={[{ key: 'all', title: '全部用户', children: [] }, ...treeData]}
            onSelect={(selected) => {
              const key = selected[0];
              setOrgId(key === undefined || key === 'all' ? undefined : Number(key));
              paging.reset();
            }}
          />
        </div>
      </Card>
      <div className="admin-split-main">
        <ListPage
          title="用户管理"
          extra={
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add' })}>
              新增用户
            </Button>
          }
        >
          <div className="list-toolbar">
            <div className="admin-filter">
              <Input.Search
                allowClear
                placeholder="用户名、姓名或手机号"
                enterButton={<SearchOutlined aria-label="搜索" />}
                style={{ width: 280 }}
                onSearch={(value) => {
                  setWd(value.trim());
                  paging.reset();
                }}
              />
              <Select<0 | 1 | 'all'>
                value={status ?? 'all'}
                style={{ width: 120 }}
                aria-label="状态"
                options={[
                  { value: 'all', label: '全部状态' },
                  { value: 0, label: '启用' },
                  { value: 1, label: '停用' },
                ]}
                onChange={(v) => {
                  setStatus(v === 'all' ? undefined : v);
                  paging.reset();
                }}
              />
            </div>
          </div>
          <PagedTable<AdminUser>
            rowKey="id"
            size="middle"
            columns={columns}
            page={data}
            loading={isFetching}
            scroll={{ x: 1300 }}
            paging={paging}
          />
        </ListPage>
      </div>
      {editing && <UserDialog editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
