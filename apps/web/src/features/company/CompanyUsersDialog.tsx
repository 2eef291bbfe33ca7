import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyAdminItem, CompanyUserItem } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { PagedTable } from '../../lib/PagedTable.tsx';
import { usePaging } from '../../lib/paging.ts';
import { SEX_TEXT, StatusTag, useAccountActions, UserIdentityFields, useShowPasswordOnce } from '../system/common.tsx';
import {
  addCompanyUser,
  companyKeys,
  queryAllUsersByCompanyId,
  resetCompanyUserPwd,
  updateCompanyUserInfo,
  updateCompanyUserStatus,
} from './api.ts';
import { fieldRules } from './CompanyFields.tsx';

const COMPANY_USER_TYPE: Record<number, string> = { 1: '企业管理员', 2: '企业用户' };

interface UserForm {
  username: string;
  realName: string;
  sex?: string;
  jobs?: string;
  phone?: string;
  officePhone?: string;
  email?: string;
  userType: 1 | 2;
}

type Editing = { mode: 'add' } | { mode: 'edit'; user: CompanyUserItem } | null;

function CompanyUserDialog({ company, editing, onClose }: { company: CompanyAdminItem; editing: Exclude<Editing, null>; onClose(): void }) {
  const showPassword = useShowPasswordOnce();
  const isEdit = editing.mode === 'edit';
  const blank = (v?: string) => v?.trim() || null;

  const dialog = useEditDialog({
    save: async (v: UserForm) => {
      const fields = {
        realName: v.realName.trim(),
        sex: v.sex ?? null,
        jobs: blank(v.jobs),
        phone: blank(v.phone),
        officePhone: blank(v.officePhone),
        email: blank(v.email),
        userType: v.userType,
      };
      if (editing.mode === 'edit') {
        await updateCompanyUserInfo({ id: editing.user.id, ...fields });
        return null;
      }
      return addCompanyUser({ companyId: company.id, username: v.username.trim(), ...fields });
    },
    onClose,
    afterClose: (created, v) => {
      if (created) showPassword(v.username.trim(), created.password, '企业用户已创建');
    },
    refresh: [companyKeys.root],
  });

  const u = editing.mode === 'edit' ? editing.user : null;
  return (
    <EditModal<UserForm>
      title={isEdit ? '编辑企业用户' : '新增企业用户'}
      width={600}
      {...dialog}
      name="companyUser"
      layout="horizontal"
      labelCol={{ span: 5 }}
      validateTrigger="onBlur"
      initialValues={
        u
          ? {
              username: u.username,
              realName: u.realName,
              sex: u.sex ?? undefined,
              jobs: u.jobs ?? '',
              phone: u.phone ?? '',
              officePhone: u.officePhone ?? '',
              email: u.email ?? '',
              userType: u.userType === 1 ? 1 : 2,
            }
          : { userType: 2, sex: '0' }
      }
    >
      <UserIdentityFields isEdit={isEdit} />
        <Form.Item label="职务" name="jobs">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="手机号码" name="phone" rules={phoneRule}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item label="办公电话" name="officePhone" rules={fieldRules('officePhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="电子邮箱" name="email" rules={fieldRules('email')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="用户类型" name="userType" rules={[{ required: true, message: '请选择用户类型' }]}>
          <Select options={[1, 2].map((v) => ({ value: v, label: COMPANY_USER_TYPE[v] }))} />
        </Form.Item>
    </EditModal>
  );
}

/** The mobile number is optional for further users; when typed it must be a mobile number. */
const phoneRule = [
  {
    validator: async (_r: unknown, v: string | undefined) => {
      if (v?.trim() && !/^1[3-9]\d{9}$/.test(v.trim())) throw new Error('请输入正确的手机号码');
    },
  },
];

/** 企业管理 → 用户管理: an approved company's users (issue 6). */
export function CompanyUsersDialog({ company, onClose }: { company: CompanyAdminItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [editing, setEditing] = useState<Editing>(null);

  const { data, isFetching } = useQuery({
    queryKey: [...companyKeys.users, company.id, { pageNum, pageSize }],
    queryFn: ({ signal }) => queryAllUsersByCompanyId(company.id, pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.root });

  const { toggleStatus, reset } = useAccountActions({
    setStatus: updateCompanyUserStatus,
    resetPassword: resetCompanyUserPwd,
    refresh,
  });

  const columns: TableColumnsType<CompanyUserItem> = [
    { title: '用户名', dataIndex: 'username', width: 180, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 100, ellipsis: true },
    { title: '性别', dataIndex: 'sex', width: 60, render: (v: string | null) => (v ? (SEX_TEXT[v] ?? '-') : '-') },
    { title: '职务', dataIndex: 'jobs', width: 100, render: (v: string | null) => v || '-' },
    { title: '手机号码', dataIndex: 'phone', width: 120, render: (v: string | null) => v || '-' },
    { title: '用户类型', dataIndex: 'userType', width: 100, render: (v: number) => COMPANY_USER_TYPE[v] ?? '-' },
    { title: '状态', dataIndex: 'status', width: 70, render: (v: number) => <StatusTag status={v} /> },
    {
      title: '操作',
      key: 'action',
      width: 200,
      render: (_v, u) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', user: u })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => toggleStatus(u)}>
            {u.status === 0 ? '停用' : '启用'}
          </Button>
          <Button type="link" size="small" onClick={() => reset(u)}>
            重置密码
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal open title={`企业用户 — ${company.companyName}`} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <div className="list-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add' })}>
          新增用户
        </Button>
      </div>
      <PagedTable<CompanyUserItem>
        rowKey="id"
        size="middle"
        columns={columns}
        page={data}
        loading={isFetching}
        scroll={{ x: 930 }}
        paging={paging}
      />
      {editing && <CompanyUserDialog company={company} editing={editing} onClose={() => setEditing(null)} />}
    </Modal>
  );
}
