import type { TableColumnsType } from 'antd';
import { joinNames, type BookContact } from '@park/core';
import { BookListPage } from './BookListPage.tsx';
import { queryTenantUserInfo } from './api.ts';

const dash = (v: string | null) => v || '-';

const columns: TableColumnsType<BookContact> = [
  { title: '所属企业名称', dataIndex: 'tenantName', ellipsis: true },
  { title: '所属部门', key: 'orgs', ellipsis: true, render: (_v, r) => joinNames(r.orgs, 'orgName') || '-' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '手机号', dataIndex: 'phone', render: (v: string | null) => (v ? <a href={`tel:${v}`}>{v}</a> : '-') },
  { title: '邮箱', dataIndex: 'email', ellipsis: true, render: dash },
  { title: '职位', dataIndex: 'jobs', render: dash },
  { title: '角色', key: 'roles', ellipsis: true, render: (_v, r) => joinNames(r.roles, 'roleName') || '-' },
];

/** 通讯录 › 内部联系人: the people of the tenants the user may see. */
export function InsideContactsPage() {
  return (
    <BookListPage<BookContact>
      title="内部联系人"
      queryKey="contacts"
      fields={[
        { name: 'tenantName', label: '企业名称' },
        { name: 'userName', label: '姓名' },
      ]}
      columns={columns}
      fetchPage={queryTenantUserInfo}
    />
  );
}
