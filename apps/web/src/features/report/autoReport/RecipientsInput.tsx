import { Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AutoReportRecipients, OrgNode } from '@park/core';
import { listRole, listUser } from '../../system/api.ts';
import { listOrgTree } from '../../../lib/shellApi.ts';

const EMPTY: AutoReportRecipients = { users: [], roles: [], orgs: [] };

function flatten(nodes: readonly OrgNode[], out: Array<{ value: string; label: string }> = []) {
  for (const n of nodes) {
    out.push({ value: String(n.id), label: n.orgName });
    if (Array.isArray(n.children)) flatten(n.children, out);
  }
  return out;
}

/** 接收人: users, roles and organisations, picked by name (the same lists 提醒设置 picks from). */
export function RecipientsInput({ value = EMPTY, onChange }: { value?: AutoReportRecipients; onChange?(v: AutoReportRecipients): void }) {
  const users = useQuery({ queryKey: ['autoReport', 'users'], queryFn: ({ signal }) => listUser({ pageNum: 1, pageSize: 200, status: 0 }, signal) });
  const roles = useQuery({ queryKey: ['autoReport', 'roles'], queryFn: ({ signal }) => listRole({ pageNum: 1, pageSize: 200 }, signal) });
  const orgs = useQuery({ queryKey: ['autoReport', 'orgs'], queryFn: ({ signal }) => listOrgTree(signal) });
  const pick = (key: keyof AutoReportRecipients) => (ids: string[]) => onChange?.({ ...value, [key]: ids });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select mode="multiple" aria-label="接收用户" placeholder="选择用户" optionFilterProp="label" value={value.users} onChange={pick('users')}
        options={(users.data?.rows ?? []).map((u) => ({ value: String(u.id), label: u.realName || u.username }))} />
      <Select mode="multiple" aria-label="接收角色" placeholder="选择角色（其下所有用户）" optionFilterProp="label" value={value.roles} onChange={pick('roles')}
        options={(roles.data?.rows ?? []).map((r) => ({ value: String(r.id), label: r.roleName }))} />
      <Select mode="multiple" aria-label="接收组织" placeholder="选择组织（其下所有用户）" optionFilterProp="label" value={value.orgs} onChange={pick('orgs')} options={flatten(orgs.data ?? [])} />
    </Space>
  );
}
