import { useMemo, useState } from 'react';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isPermsList,
  MENU_PATH_MESSAGE,
  MENU_PATH_PATTERN,
  PERMS_MESSAGE,
  type AdminMenu,
  type MenuInput,
  type MenuType,
  type ShowType,
} from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { KH_ICONS } from '../../../lib/khIcons.ts';
import { MenuIcon } from '../../../lib/MenuIcon.tsx';
import { MENUS_QUERY_KEY } from '../../../lib/shellApi.ts';
import { addFullMenu, addMenu, deleteMenu, keys, listMenu, updateMenu } from '../api.ts';
import { DeleteLink } from '../common.tsx';
import { pageLabel, pageOptions } from './pageCatalogue.ts';
import { usePageNames } from '../../../lib/pageNames.ts';
import '../system.css';

const SHOW_TYPE_TEXT: Record<ShowType, string> = { 0: '全部', 1: 'PC端', 2: '移动端' };

interface MenuForm {
  parentId: number | null;
  menuType: MenuType;
  name: string;
  path: string;
  component: string | null;
  iconName: string | null;
  orderIndex: number | null;
  hidden: boolean;
  showType: ShowType;
  perms: string;
}

type Editing =
  | { mode: 'add'; parent: AdminMenu | null; full?: boolean }
  | { mode: 'edit'; menu: AdminMenu }
  | null;

type Row = Omit<AdminMenu, 'children'> & { children?: Row[] };

/* antd shows an expander for any children array, so leaves carry none. */
const toRows = (menus: AdminMenu[]): Row[] =>
  menus.map((m) => ({ ...m, children: m.children.length ? toRows(m.children) : undefined }));

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** Menus (not buttons) a node may sit under; the node itself and its subtree are excluded. */
function parentOptions(menus: AdminMenu[], exclude?: number): ParentOption[] {
  return menus
    .filter((m) => m.menuType === 'menu' && m.id !== exclude)
    .map((m) => ({ value: m.id, title: m.name, children: parentOptions(m.children, exclude) }));
}

const ICON_OPTIONS = KH_ICONS.map(([name, label]) => ({
  value: name as string,
  search: `${label} ${name}`,
  label: (
    <span className="icon-option">
      <MenuIcon name={name} />
      <span>{label}</span>
      <span className="icon-option-name">{name}</span>
    </span>
  ),
}));

function MenuDialog({ editing, menus, onClose }: { editing: Exclude<Editing, null>; menus: AdminMenu[]; onClose: () => void }) {
  const pageNames = usePageNames();
  const isEdit = editing.mode === 'edit';
  const full = editing.mode === 'add' && editing.full === true;

  const initialValues: Partial<MenuForm> =
    editing.mode === 'edit'
      ? {
          parentId: editing.menu.parentId,
          menuType: editing.menu.menuType,
          name: editing.menu.name,
          path: editing.menu.path,
          component: editing.menu.component,
          iconName: editing.menu.iconName,
          orderIndex: editing.menu.orderIndex,
          hidden: editing.menu.hidden,
          showType: editing.menu.showType,
          perms: editing.menu.perms ?? '',
        }
      : {
          parentId: editing.parent?.id ?? null,
          menuType: 'menu',
          hidden: false,
          showType: 0,
          path: full ? '/form/list/' : '',
          component: full ? 'FormCustom' : null,
          orderIndex: null,
          perms: '',
        };

  const dialog = useEditDialog({
    save: async (v: MenuForm) => {
      const body: MenuInput = {
        parentId: v.parentId ?? null,
        menuType: v.menuType,
        name: v.name.trim(),
        path: (v.path ?? '').trim(),
        component: v.menuType === 'button' ? null : v.component || null,
        iconName: v.iconName || null,
        orderIndex: v.orderIndex ?? undefined,
        hidden: v.hidden,
        showType: v.showType,
        perms: v.perms?.trim() || null,
      };
      if (editing.mode === 'edit') await updateMenu({ ...body, id: editing.menu.id });
      else if (full) await addFullMenu(body);
      else await addMenu(body);
    },
    onClose,
    // The shell shows the new menus after a refresh; fetch them in the background now.
    refresh: [keys.menus, MENUS_QUERY_KEY],
  });
  const menuType = Form.useWatch('menuType', dialog.form) ?? (editing.mode === 'edit' ? editing.menu.menuType : 'menu');

  const title = isEdit ? '编辑菜单' : full ? '新增表单列表菜单（含新增、编辑、删除、导入、导出按钮）' : '新增菜单';
  return (
    <EditModal<MenuForm>
      title={title}
      width={680}
      {...dialog}
      name="menu"
      labelCol={{ span: 5 }}
      initialValues={initialValues}
    >
      <Form.Item label="上级菜单" name="parentId">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="不选则为顶级菜单"
          treeData={parentOptions(menus, editing.mode === 'edit' ? editing.menu.id : undefined)}
        />
      </Form.Item>
      {!full && (
        <Form.Item label="类型" name="menuType">
          <Radio.Group
            options={[
              { label: '菜单', value: 'menu' },
              { label: '按钮（操作权限）', value: 'button' },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }]}>
        <Input maxLength={64} />
      </Form.Item>
      {menuType === 'menu' && (
        <>
          <Form.Item
            label="路径"
            name="path"
            rules={[
              { required: true, message: '请输入菜单路径' },
              { pattern: MENU_PATH_PATTERN, message: MENU_PATH_MESSAGE },
            ]}
            extra="可带查询参数，例如 /form/list/12?type=1"
          >
            <Input maxLength={300} placeholder="/system/user" />
          </Form.Item>
          <Form.Item label="页面组件" name="component" extra="父菜单可不选，打开时跳到第一个子菜单">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="选择页面" options={pageOptions(pageNames, initialValues.component)} />
          </Form.Item>
        </>
      )}
      <Form.Item label="图标" name="iconName">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'search' }}
          placeholder="选择图标"
          options={ICON_OPTIONS}
          optionLabelProp="label"
          listHeight={320}
        />
      </Form.Item>
      <Form.Item
        label="权限标识"
        name="perms"
        rules={[{ validator: async (_r, v: string) => (!v?.trim() || isPermsList(v.trim()) ? undefined : Promise.reject(new Error(PERMS_MESSAGE))) }]}
        extra={full ? '不填则为 form:表单ID:view；按钮为 form:表单ID:add 等' : '接口据此授权，如 system:user；多个用逗号分隔'}
      >
        <Input maxLength={500} placeholder="system:user" />
      </Form.Item>
      <Form.Item label="排序" name="orderIndex" extra="数字越小越靠前；不填排在最后">
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
      {menuType === 'menu' && (
        <>
          <Form.Item label="显示端" name="showType">
            <Radio.Group options={([0, 1, 2] as ShowType[]).map((v) => ({ value: v, label: SHOW_TYPE_TEXT[v] }))} />
          </Form.Item>
          <Form.Item label="隐藏" name="hidden" valuePropName="checked" extra="隐藏的菜单不在导航中显示，但仍可通过地址访问">
            <Switch />
          </Form.Item>
        </>
      )}
    </EditModal>
  );
}

export function MenuManagePage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const { data, isFetching } = useQuery({ queryKey: [...keys.menus, 'all'], queryFn: ({ signal }) => listMenu(undefined, signal) });
  const menus = useMemo(() => data?.menus ?? [], [data]);
  const rows = useMemo(() => toRows(menus), [menus]);
  const byId = useMemo(() => {
    const map = new Map<number, AdminMenu>();
    const walk = (ms: AdminMenu[]) => ms.forEach((m) => (map.set(m.id, m), walk(m.children)));
    walk(menus);
    return map;
  }, [menus]);

  const columns: TableColumnsType<Row> = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      width: 240,
      render: (name: string, m) => (
        <span className="admin-tree-node">
          {m.menuType === 'button' ? null : <MenuIcon name={m.iconName} />}
          {name}
        </span>
      ),
    },
    {
      title: '类型',
      dataIndex: 'menuType',
      width: 80,
      render: (v: MenuType) => (v === 'button' ? <Tag color="orange">按钮</Tag> : <Tag color="blue">菜单</Tag>),
    },
    { title: '路径', dataIndex: 'path', ellipsis: true, render: (v: string) => v || '-' },
    { title: '页面组件', dataIndex: 'component', width: 150, ellipsis: true, render: (v: string | null) => pageLabel(v) },
    { title: '权限标识', dataIndex: 'perms', width: 170, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '显示端', dataIndex: 'showType', width: 80, render: (v: ShowType) => SHOW_TYPE_TEXT[v] },
    { title: '隐藏', dataIndex: 'hidden', width: 64, render: (v: boolean) => (v ? '是' : '否') },
    { title: '排序', dataIndex: 'orderIndex', width: 64 },
    {
      title: '操作',
      key: 'action',
      width: 190,
      render: (_v, m) => (
        <Space size={0}>
          {m.menuType === 'menu' && (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'add', parent: byId.get(m.id) ?? null })}>
              新增下级
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', menu: byId.get(m.id)! })}>
            编辑
          </Button>
          <DeleteLink
            what={`将删除「${m.name}」，已分配该菜单的角色将失去它。`}
            remove={async () => {
              await deleteMenu(m.id);
              await queryClient.invalidateQueries({ queryKey: keys.menus });
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="菜单管理"
      extra={
        <Space>
          <Button onClick={() => setEditing({ mode: 'add', parent: null, full: true })}>新增表单列表菜单</Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add', parent: null })}>
            新增菜单
          </Button>
        </Space>
      }
    >
      <p className="admin-hint">菜单修改后，用户刷新页面即可看到新的菜单；权限标识决定接口授权。</p>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        locale={tableLocale}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={rows.length === 0 ? 'empty' : 'loaded'}
      />
      {editing && <MenuDialog editing={editing} menus={menus} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
