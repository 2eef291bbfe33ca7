import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Spin, TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMenu } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { MENUS_QUERY_KEY } from '../../lib/shellApi.ts';
import { keys as systemKeys, listRole } from '../system/api.ts';
import { createFormMenu, listPagePath, menusOfForm } from './api.ts';

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** Menus (not buttons) as parent choices. */
function parentChoices(menus: AdminMenu[]): TreeNode[] {
  return menus
    .filter((m) => m.menuType === 'menu')
    .map((m) => ({ value: m.id, title: m.name, children: parentChoices(m.children ?? []) }));
}

interface MenuForm {
  name: string;
  parentId?: number;
  roleIds: number[];
}

/**
 * After 发布 (issue 9 §7): the menu entry of the form's list page (FormCustom at /form/list/N,
 * with its standard buttons), under a chosen parent, granted to the chosen roles.
 */
export function MenuDialog({ formId, formName, onClose }: { formId: number; formName: string; onClose(): void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MenuForm>();
  const [saving, setSaving] = useState(false);
  const menus = useQuery({ queryKey: ['designer-menus', formId], queryFn: ({ signal }) => menusOfForm(formId, signal), gcTime: 0 });
  const roles = useQuery({ queryKey: ['designer-roles'], queryFn: ({ signal }) => listRole({ pageNum: 1, pageSize: 100 }, signal) });

  const create = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await createFormMenu({ formId, name: values.name.trim(), parentId: values.parentId ?? null, roleIds: values.roleIds ?? [] });
      // The shell's menus and the admin screens show the new entry at once.
      await queryClient.invalidateQueries({ queryKey: MENUS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: systemKeys.menus });
      void message.success('菜单已创建');
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, '菜单创建失败'));
    } finally {
      setSaving(false);
    }
  };

  const existing = menus.data?.existing ?? [];
  return (
    <Modal
      open
      title="创建表单菜单"
      okText="创建菜单"
      cancelText="暂不创建"
      onOk={() => void create()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: !menus.data }}
      className="dz-menu-dialog"
    >
      {menus.isLoading ? (
        <Spin />
      ) : (
        <>
          <Alert
            type={existing.length > 0 ? 'warning' : 'info'}
            showIcon
            className="dz-menu-tip"
            title={
              existing.length > 0
                ? `已有菜单打开此表单的列表页：${existing.map((m) => m.name).join('、')}`
                : `表单已发布，可为列表页 ${listPagePath(formId)} 创建菜单`
            }
          />
          <Form form={form} layout="vertical" initialValues={{ name: formName, roleIds: [] }}>
            <Form.Item name="name" label="菜单名称" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }, { max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="parentId" label="上级菜单">
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                placeholder="不选则为一级菜单"
                treeDefaultExpandAll
                treeData={parentChoices(menus.data?.tree ?? [])}
              />
            </Form.Item>
            <Form.Item name="roleIds" label="授权角色" extra="所选角色的用户将在菜单中看到此表单（含新增、编辑、删除、导入、导出按钮）">
              <Select
                mode="multiple"
                allowClear
                loading={roles.isLoading}
                placeholder="请选择角色"
                optionFilterProp="label"
                options={(roles.data?.rows ?? [])
                  // The super administrator's role sees every menu already.
                  .filter((r) => r.roleCode !== 'sys_admin')
                  .map((r) => ({ value: r.id, label: r.roleName }))}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
