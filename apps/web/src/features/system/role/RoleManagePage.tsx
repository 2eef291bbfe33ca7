import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Tag,
  Tree,
  TreeSelect,
  type TableColumnsType,
  type TreeDataNode,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TEXT,
  DATA_SCOPE_LABELS,
  DATA_SCOPES,
  FORM_ACTION_LABELS,
  parseFormPermission,
  type AdminMenu,
  type AdminRole,
  type DataScope,
  type RoleUser,
} from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { MenuIcon } from '../../../lib/MenuIcon.tsx';
import {
  addRole,
  addRolesRelMenu,
  addRolesRelOrg,
  addRolesRelUser,
  checkByRoleName,
  deleteRole,
  keys,
  listMenu,
  listRole,
  listRolesRelOrgByRoleId,
  listRolesRelUserByRoleId,
  listUser,
  listUserByRoleId,
  updateRole,
} from '../api.ts';
import { DeleteLink, orgOptions, StatusTag, UniqueNameItem, useDebounced, useOrgTree } from '../common.tsx';
import '../system.css';

const SUPER_ROLE_CODE = 'sys_admin';

interface RoleForm {
  roleName: string;
  remark: string;
  dataScope: DataScope;
}

const DATA_SCOPE_OPTIONS = DATA_SCOPES.map((s) => ({ value: s, label: DATA_SCOPE_LABELS[s] }));

function RoleDialog({ role, onClose }: { role: AdminRole | null; onClose: () => void }) {
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

interface MenuTreeNode extends TreeDataNode {
  key: number;
  children: MenuTreeNode[];
}

/*
 * In a checkbox tree a parent is checked only with all its children, yet a role may open a page
 * without its buttons (view-only on a form). So a menu with buttons gets a leaf of its own, 打开页面,
 * keyed by the menu's id negated; saving maps it back to the menu.
 */
const hasButtons = (m: AdminMenu) => m.menuType === 'menu' && m.children.some((c) => c.menuType === 'button');

function pageLeaf(m: AdminMenu): MenuTreeNode {
  return {
    key: -m.id,
    title: (
      <span className="admin-tree-node">
        打开页面
        {formActionTags(m.perms)}
        {m.perms && <span className="admin-tree-code">{m.perms}</span>}
      </span>
    ),
    children: [],
  };
}

function toMenuTree(menus: AdminMenu[]): MenuTreeNode[] {
  return menus.map((m) => ({
    key: m.id,
    title: (
      <span className="admin-tree-node">
        {m.menuType === 'button' ? <Tag color="orange">按钮</Tag> : <MenuIcon name={m.iconName} />}
        {m.name}
        {formActionTags(m.perms)}
        {m.perms && <span className="admin-tree-code">{m.perms}</span>}
      </span>
    ),
    children: hasButtons(m) ? [pageLeaf(m), ...toMenuTree(m.children)] : toMenuTree(m.children),
  }));
}

/** A button granting a form action says which, in words: 表单权限 新增. */
function formActionTags(perms: string | null) {
  const actions = (perms ?? '').split(',').flatMap((c) => {
    const p = parseFormPermission(c.trim());
    return p ? [p.action] : [];
  });
  if (actions.length === 0) return null;
  return actions.map((a) => (
    <Tag key={a} color="blue">
      表单{FORM_ACTION_LABELS[a]}
    </Tag>
  ));
}

function leafIds(menus: AdminMenu[], bound: Set<number>, out: number[] = []): number[] {
  for (const m of menus) {
    if (m.children.length === 0) {
      if (bound.has(m.id)) out.push(m.id);
    } else {
      if (hasButtons(m) && bound.has(m.id)) out.push(-m.id);
      leafIds(m.children, bound, out);
    }
  }
  return out;
}

function parentMap(menus: AdminMenu[], parent: number | null = null, out = new Map<number, number | null>()) {
  for (const m of menus) {
    out.set(m.id, parent);
    parentMap(m.children, m.id, out);
  }
  return out;
}

/** The checkable menu tree, buttons included: what the role's holders see and may call. */
function MenuBindingDrawer({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { message } = App.useApp();
  const isSuper = role.roleCode === SUPER_ROLE_CODE;
  const { data, isLoading } = useQuery({
    queryKey: [...keys.menus, 'role', role.id],
    queryFn: ({ signal }) => listMenu(role.id, signal),
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  const menus = useMemo(() => data?.menus ?? [], [data]);
  const treeData = useMemo(() => toMenuTree(menus), [menus]);
  const initial = useMemo(() => leafIds(menus, new Set(data?.menuIds ?? [])), [menus, data]);
  const current = checked ?? initial;

  const save = useMutation({
    mutationFn: async () => {
      // Parents of a checked node come along, as the tree shows them half-checked.
      const parents = parentMap(menus);
      const ids = new Set<number>();
      for (const id of current) {
        // A page leaf (negative key) stands for its menu.
        for (let at: number | null | undefined = Math.abs(id); at != null && !ids.has(at); at = parents.get(at)) ids.add(at);
      }
      await addRolesRelMenu(role.id, [...ids]);
    },
    onSuccess: () => {
      void message.success(ADMIN_TEXT.saved);
      onClose();
    },
  });

  return (
    <Drawer
      open
      title={`菜单权限：${role.roleName}`}
      size={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={isSuper || isLoading} loading={save.isPending} onClick={() => save.mutate()}>
            保存
          </Button>
        </Space>
      }
    >
      {isSuper ? (
        <Alert type="info" showIcon title="系统管理员拥有全部菜单与操作权限，包括以后新增的菜单，无需分配。" />
      ) : isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty description="暂无菜单" />
      ) : (
        <>
          <p className="admin-hint">
            勾选的菜单对该角色可见；按钮为列表页等页面上的操作权限（表单的查看、新增、编辑、删除、导入、导出在服务端逐次校验），
            可操作的记录由角色的数据范围（{DATA_SCOPE_LABELS[role.dataScope]}）决定。修改在用户的下一次请求时生效。
          </p>
          <Tree<MenuTreeNode>
            checkable
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={current}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
            aria-label="菜单权限"
          />
        </>
      )}
    </Drawer>
  );
}

interface Option {
  value: number;
  label: string;
}

function RoleUsersModal({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const wd = useDebounced(search);
  const [picked, setPicked] = useState<Option[] | null>(null);
  const rel = useQuery({
    queryKey: [...keys.roleRel, 'users', role.id],
    queryFn: ({ signal }) => listRolesRelUserByRoleId(role.id, signal),
  });
  const holders = useQuery({
    queryKey: [...keys.roleRel, 'holders', role.id, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listUserByRoleId(role.id, paging.pageNum, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: [...keys.users, 'pick', wd],
    queryFn: ({ signal }) => listUser({ pageNum: 1, pageSize: 20, wd: wd || undefined }, signal),
  });
  const value = picked ?? (rel.data?.datas ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }));
  const options = [
    ...value,
    ...(found.data?.rows ?? [])
      .filter((u) => !value.some((v) => v.value === u.id))
      .map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` })),
  ];
  const save = useMutation({
    mutationFn: () => addRolesRelUser(role.id, value.map((v) => v.value)),
    onSuccess: async () => {
      void message.success(ADMIN_TEXT.saved);
      setPicked(null);
      await queryClient.invalidateQueries({ queryKey: keys.roleRel });
      await queryClient.invalidateQueries({ queryKey: keys.users });
    },
  });
  const columns: TableColumnsType<RoleUser> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <StatusTag status={v} /> },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (v: RoleUser['source']) => (v === 'direct' ? <Tag color="blue">直接分配</Tag> : <Tag>通过所属组织</Tag>),
    },
  ];
  return (
    <Modal open title={`角色用户：${role.roleName}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Space.Compact block className="role-users-pick">
        <Select<Option[]>
          mode="multiple"
          labelInValue
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={rel.isLoading}
          value={value}
          options={options}
          onChange={(v) => setPicked(v)}
          placeholder="搜索并选择用户"
          style={{ width: '100%' }}
          aria-label="直接分配的用户"
        />
        <Button type="primary" loading={save.isPending} disabled={picked === null} onClick={() => save.mutate()}>
          保存
        </Button>
      </Space.Compact>
      <p className="admin-hint">上方为直接分配该角色的用户；所属组织拥有该角色的用户也会获得它（在下表中标为“通过所属组织”）。</p>
      <PagedTable<RoleUser>
        rowKey="id"
        size="small"
        columns={columns}
        page={holders.data}
        loading={holders.isFetching}
        paging={paging}
      />
    </Modal>
  );
}

function RoleOrgsModal({ role, onClose }: { role: AdminRole; onClose: () => void }) {
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

type Dialog =
  | { kind: 'edit'; role: AdminRole | null }
  | { kind: 'menus'; role: AdminRole }
  | { kind: 'users'; role: AdminRole }
  | { kind: 'orgs'; role: AdminRole }
  | null;

export function RoleManagePage() {
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [roleName, setRoleName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { data, isFetching } = useQuery({
    queryKey: [...keys.roles, 'page', pageNum, pageSize, roleName],
    queryFn: ({ signal }) => listRole({ pageNum, pageSize, roleName: roleName || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AdminRole> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180 },
    {
      title: '类型',
      dataIndex: 'roleCode',
      width: 110,
      render: (v: string | null) => (v ? <Tag color="gold">系统内置</Tag> : <Tag>自定义</Tag>),
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      width: 170,
      render: (v: DataScope, r) => (r.roleCode === SUPER_ROLE_CODE ? DATA_SCOPE_LABELS.all : DATA_SCOPE_LABELS[v]),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 300,
      render: (_v, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', role: r })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'menus', role: r })}>
            菜单权限
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'users', role: r })}>
            用户
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'orgs', role: r })}>
            组织
          </Button>
          <DeleteLink
            what={`将删除角色「${r.roleName}」，拥有该角色的用户将失去其菜单权限。`}
            disabled={r.roleCode !== null}
            title={r.roleCode !== null ? ADMIN_TEXT.builtInRole : undefined}
            remove={async () => {
              await deleteRole(r.id);
              await queryClient.invalidateQueries({ queryKey: keys.roles });
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="角色管理"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDialog({ kind: 'edit', role: null })}>
          新增角色
        </Button>
      }
    >
      <div className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="角色名称"
          style={{ width: 260 }}
          onSearch={(v) => {
            setRoleName(v.trim());
            paging.reset();
          }}
        />
      </div>
      <PagedTable<AdminRole>
        rowKey="id"
        size="middle"
        columns={columns}
        page={data}
        loading={isFetching}
        paging={paging}
      />
      {dialog?.kind === 'edit' && <RoleDialog role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'menus' && <MenuBindingDrawer role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'users' && <RoleUsersModal role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'orgs' && <RoleOrgsModal role={dialog.role} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
