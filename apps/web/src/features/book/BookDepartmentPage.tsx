import type { TableColumnsType } from 'antd';
import type { BookOrg } from '@park/core';
import { BookListPage } from './BookListPage.tsx';
import { queryOrgsByCondition } from './api.ts';

const columns: TableColumnsType<BookOrg> = [
  { title: '所属企业名称', dataIndex: 'tenantName', ellipsis: true },
  { title: '部门名称', dataIndex: 'orgName' },
  { title: '上级部门', dataIndex: 'parentOrgName', render: (v: string) => v || '-' },
  { title: '主管名称', dataIndex: 'orgLeaderName', render: (v: string) => v || '-' },
];

/** 通讯录 › 部门: the departments the user may see, with their parent and leader. */
export function BookDepartmentPage() {
  return (
    <BookListPage<BookOrg>
      title="部门"
      queryKey="orgs"
      fields={[
        { name: 'tenantName', label: '企业名称' },
        { name: 'orgName', label: '部门名称' },
      ]}
      columns={columns}
      fetchPage={queryOrgsByCondition}
    />
  );
}
