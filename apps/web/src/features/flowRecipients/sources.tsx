import { useState } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { listUser } from '../system/api.ts';
import { orgOptions, useAllRoles, useDebounced, useOrgTree } from '../system/common.tsx';

/** The pickers' sources: roles, the organisation tree and users found by name (spec 001 §7). */

export function RoleSelect<M extends boolean>({ multiple, value, onChange, width = 220 }: {
  multiple: M;
  value: M extends true ? Array<{ roleId: string | number; roleName?: string }> : { roleId: string | number; roleName?: string } | null;
  onChange: (v: M extends true ? Array<{ roleId: number; roleName: string }> : { roleId: number; roleName: string }) => void;
  width?: number;
}) {
  const roles = useAllRoles();
  const list = (multiple ? (value as Array<{ roleId: string | number }>) : value ? [value as { roleId: string | number }] : []).map((r) => Number(r.roleId));
  const nameOf = (id: number) => roles.data?.find((r) => r.id === id)?.roleName ?? String(id);
  return (
    <Select
      aria-label="角色"
      placeholder="请选择角色"
      mode={multiple ? 'multiple' : undefined}
      style={{ width }}
      loading={roles.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      value={multiple ? list : list[0]}
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
      onChange={(v: number | number[]) => {
        const pick = (id: number) => ({ roleId: id, roleName: nameOf(id) });
        (onChange as (x: unknown) => void)(Array.isArray(v) ? v.map(pick) : pick(v));
      }}
    />
  );
}

export function OrgSelect({ value, onChange, multiple = false, width = 220 }: {
  value: number[];
  onChange: (orgs: Array<{ id: number; name: string }>) => void;
  multiple?: boolean;
  width?: number;
}) {
  const tree = useOrgTree();
  const names = new Map<number, string>();
  const collect = (nodes: typeof tree.data) => nodes?.forEach((o) => (names.set(o.id, o.orgName), collect(o.children)));
  collect(tree.data);
  return (
    <TreeSelect
      aria-label="组织"
      placeholder="请选择组织"
      style={{ width }}
      multiple={multiple}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      value={multiple ? value : value[0]}
      treeData={orgOptions(tree.data ?? [])}
      onChange={(v: number | number[] | undefined) => {
        const ids = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange(ids.map((id) => ({ id, name: names.get(id) ?? String(id) })));
      }}
    />
  );
}

/** Users searched by name, phone or username (listUser wd), 20 at a time. */
export function UserSelect({ value, onChange, width = 300 }: {
  value: Array<{ id: string | number; name?: string }>;
  onChange: (users: Array<{ id: number; name: string }>) => void;
  width?: number;
}) {
  const [wd, setWd] = useState('');
  const debounced = useDebounced(wd);
  const found = useQuery({
    queryKey: ['flowRecipients', 'users', debounced],
    queryFn: async ({ signal }) => (await listUser({ wd: debounced || undefined, pageNum: 1, pageSize: 20 }, signal)).rows,
    staleTime: 30_000,
  });
  const known = new Map<number, string>(value.map((u) => [Number(u.id), u.name ?? String(u.id)]));
  for (const u of found.data ?? []) known.set(u.id, u.realName || u.username);
  return (
    <Select
      aria-label="人员"
      mode="multiple"
      placeholder="输入姓名搜索人员"
      style={{ width }}
      filterOption={false}
      showSearch={{ onSearch: setWd, filterOption: false }}
      loading={found.isFetching}
      value={value.map((u) => Number(u.id))}
      options={[...known].map(([id, name]) => ({ value: id, label: name }))}
      onChange={(ids: number[]) => onChange(ids.map((id) => ({ id, name: known.get(id) ?? String(id) })))}
    />
  );
}
