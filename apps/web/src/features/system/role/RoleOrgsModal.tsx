/** 角色组织: the organisations bound to a role. */
import { useState } from 'react';
import { App, Modal, TreeSelect } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT, type AdminRole } from '@park/core';
import { addRolesRelOrg, keys, listRolesRelOrgByRoleId } from '../api.ts';
import { orgOptions, useOrgTree } from '../common.tsx';
import type { Option } from './RoleUsersModal.tsx';

export function RoleOrgsModal({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: orgs = [] } = useOrgTree();
  const rel = useQuery({
    queryKey: [...keys.roleRel, 'orgs', role.id],
    queryFn: ({ signal }) => listRolesRelOrgByRoleId(role.id, signal),
  });
  const [picked, setPicked] = useState<Option[] | null>(null);
  const value = picked ?? (rel.data?.datas ?? []).map((o) => ({ value: o.id, label: o.orgName }));
  const save = useMutation({
    mutationFn: () => addRolesRelOrg(role.id, value.map((v) => v.value)),
    onSuccess: async () => {
      void message.success(ADMIN_TEXT.saved);
      onClose();
      await queryClient.invalidateQueries({ queryKey: keys.roleRel });
    },
  });
  return (
    <Modal
      open
      title={`角色组织：${role.roleName}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="admin-hint">所选组织中的全部用户都将拥有该角色。</p>
      <TreeSelect
        treeData={orgOptions(orgs)}
        treeCheckable
        treeCheckStrictly
        treeDefaultExpandAll
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        value={value}
        onChange={(v) => setPicked(v as Option[])}
        loading={rel.isLoading}
        placeholder="请选择组织"
        style={{ width: '100%' }}
        aria-label="角色组织"
      />
    </Modal>
  );
}
