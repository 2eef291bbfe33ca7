/** 编辑角色/新增角色: the role's name, data scope and remark. */
import { Form, Input, Select } from 'antd';
import { ADMIN_TEXT, DATA_SCOPE_LABELS, DATA_SCOPES, type AdminRole, type DataScope } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { addRole, checkByRoleName, keys, updateRole } from '../api.ts';
import { UniqueNameItem } from '../common.tsx';

export interface RoleForm {
  roleName: string;
  remark: string;
  dataScope: DataScope;
}

export const DATA_SCOPE_OPTIONS = DATA_SCOPES.map((s) => ({ value: s, label: DATA_SCOPE_LABELS[s] }));

export function RoleDialog({ role, onClose }: { role: AdminRole | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: RoleForm) => {
      const body = { roleName: v.roleName.trim(), remark: v.remark?.trim() || null, dataScope: v.dataScope };
      if (role) await updateRole({ ...body, id: role.id });
      else await addRole(body);
    },
    onClose,
    refresh: [keys.roles],
  });
  return (
    <EditModal<RoleForm>
      title={role ? '编辑角色' : '新增角色'}
      {...dialog}
      name="role"
      layout="vertical"
      initialValues={role ? { roleName: role.roleName, remark: role.remark ?? '', dataScope: role.dataScope } : { dataScope: 'all' }}
    >
      <UniqueNameItem
        label="角色名称"
        name="roleName"
        requiredMessage="请输入角色名称"
        check={checkByRoleName}
        ownId={role?.id}
        taken={ADMIN_TEXT.roleNameTaken}
      />
      <Form.Item
        label="数据范围"
        name="dataScope"
        extra="该角色通过菜单权限获得的表单，可查看与操作哪些记录；企业用户始终只限本企业的记录。"
      >
        <Select options={DATA_SCOPE_OPTIONS} aria-label="数据范围" />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </EditModal>
  );
}
