import { Form, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { listOrgTree } from '../../lib/shellApi.ts';
import { listUser } from '../system/api.ts';
import { listTenantOrgTree, listTenantUser } from '../tenant/common/api.ts';
import { orgOptions } from '../system/common.tsx';

/*
 * 企业公告's receivers (issue 38): departments and people of the notice's tenant; none picked means
 * the whole tenant. The park reads the chosen tenant's lists, a tenant's admin its own; the server
 * refuses departments or people of another tenant either way (NoticeService.checkTargets).
 */
export function ReceiverFields({ isPark }: { isPark: boolean }) {
  const tenantId = Form.useWatch<string | undefined>('tenantId');
  const company = isPark ? (tenantId ? Number(tenantId) : null) : 'own';
  const orgs = useQuery({
    queryKey: ['notice', 'receiverOrgs', company],
    queryFn: ({ signal }) => (company === 'own' ? listOrgTree(signal) : listTenantOrgTree(company!, signal)),
    enabled: company !== null,
  });
  const users = useQuery({
    queryKey: ['notice', 'receiverUsers', company],
    queryFn: ({ signal }) =>
      company === 'own' ? listUser({ pageNum: 1, pageSize: 500, status: 0 }, signal) : listTenantUser({ tenantId: company!, pageNum: 1, pageSize: 500 }, signal),
    enabled: company !== null,
  });
  return (
    <>
      <Form.Item name="orgIds" label="接收部门" extra="不选部门和人员时发给整个企业">
        <TreeSelect
          multiple
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder="请选择接收部门"
          loading={orgs.isPending && company !== null}
          treeData={orgOptions(orgs.data ?? [])}
        />
      </Form.Item>
      <Form.Item name="userIds" label="接收人">
        <Select
          mode="multiple"
          optionFilterProp="label"
          placeholder="请选择接收人"
          loading={users.isPending && company !== null}
          options={(users.data?.rows ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }))}
        />
      </Form.Item>
    </>
  );
}
