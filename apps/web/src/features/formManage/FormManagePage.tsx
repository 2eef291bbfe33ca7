import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, FolderOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notifyError } from '../../lib/feedback.ts';
import { ListPage } from '../../lib/ListPage.tsx';
import { PagedTable } from '../../lib/PagedTable.tsx';
import { usePaging } from '../../lib/paging.ts';
import { MENUS_QUERY_KEY } from '../../lib/shellApi.ts';
import { settled, StatusTag } from '../system/common.tsx';
import {
  addFormGroup,
  copyFormConf,
  deleteFormConf,
  deleteFormGroup,
  formKeys,
  listFormConf,
  listFormGroup,
  saveFormConf,
  setFormEnabled,
  updateFormGroup,
  type FormConfRow,
  type FormGroup,
} from './api.ts';
import '../system/system.css';
import './formManage.css';

/** The left list's selection: every form, the forms in no group, or one group. */
type GroupFilter = 'all' | 'none' | number;

const groupIdParam = (g: GroupFilter): number | undefined => (g === 'all' ? undefined : g === 'none' ? 0 : g);
const groupOptions = (groups: FormGroup[]) => [
  { value: 0, label: '未分组' },
  ...groups.map((g) => ({ value: g.id, label: g.groupName })),
];
/** The dialogs' 分组 select uses 0 for no group; the server takes null. */
const toGroupId = (v: number | undefined | null): number | null => (v ? v : null);

function GroupDialog({ group, onClose }: { group: FormGroup | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async ({ groupName }: { groupName: string }) => {
      if (group) await updateFormGroup(group.id, groupName.trim());
      else await addFormGroup(groupName.trim());
    },
    onClose,
    refresh: [formKeys.groups, formKeys.forms],
  });
  return (
    <EditModal
      title={group ? '重命名分组' : '新增分组'}
      {...dialog}
      name="formGroup"
      layout="vertical"
      initialValues={{ groupName: group?.groupName ?? '' }}
    >
      <Form.Item label="分组名称" name="groupName" rules={[{ required: true, whitespace: true, message: '请输入分组名称' }]}>
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
    </EditModal>
  );
}

type FormEditing = { mode: 'create'; groupId: number } | { mode: 'rename'; row: FormConfRow } | { mode: 'copy'; row: FormConfRow };

const DIALOG_TITLE = { create: '新建表单', rename: '重命名', copy: '复制表单' } as const;

interface FormFields {
  formName: string;
  groupId: number;
}

/** New form, rename (and move) and copy share one dialog: a name and a group. */
function FormDialog({ editing, groups, onClose }: { editing: FormEditing; groups: FormGroup[]; onClose: () => void }) {
  const initial: FormFields =
    editing.mode === 'create'
      ? { formName: '', groupId: editing.groupId }
      : {
          formName: editing.mode === 'copy' ? `${editing.row.formName}-副本` : editing.row.formName,
          groupId: editing.row.groupId ?? 0,
        };
  const dialog = useEditDialog({
    save: async (v: FormFields) => {
      const body = { formName: v.formName.trim(), groupId: toGroupId(v.groupId) };
      if (editing.mode === 'create') await saveFormConf(body);
      else if (editing.mode === 'rename') await saveFormConf({ ...body, formId: editing.row.formId });
      else await copyFormConf({ ...body, formId: editing.row.formId });
    },
    onClose,
    refresh: [formKeys.forms],
    savedText: editing.mode === 'copy' ? '复制成功' : undefined,
  });
  return (
    <EditModal<FormFields>
      title={DIALOG_TITLE[editing.mode]}
      {...dialog}
      name="formConf"
      layout="vertical"
      initialValues={initial}
    >
      <Form.Item label="表单名称" name="formName" rules={[{ required: true, whitespace: true, message: '请输入表单名称' }]}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item label="所属分组" name="groupId">
        <Select options={groupOptions(groups)} />
      </Form.Item>
      {editing.mode === 'copy' && (
        <p className="admin-hint">复制表单的设计和列表页设置，不复制数据；新表单立即建好自己的数据表。</p>
      )}
    </EditModal>
  );
}

function GroupList({
  groups,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  groups: FormGroup[];
  selected: GroupFilter;
  onSelect: (g: GroupFilter) => void;
  onEdit: (g: FormGroup | null) => void;
  onDelete: (g: FormGroup) => void;
}) {
  const entry = (key: GroupFilter, label: string, icon: ReactNode, group?: FormGroup) => (
    <li key={String(key)} className={`form-group-item${selected === key ? ' is-selected' : ''}`} data-testid="form-group-item">
      <button type="button" className="form-group-name" aria-pressed={selected === key} onClick={() => onSelect(key)}>
        {icon}
        <span>{label}</span>
      </button>
      {group && (
        <span className="form-group-actions">
          <Tooltip title="重命名分组">
            <Button type="text" size="small" aria-label={`重命名分组 ${group.groupName}`} icon={<EditOutlined aria-hidden="true" />} onClick={() => onEdit(group)} />
          </Tooltip>
          <Tooltip title="删除分组">
            <Button type="text" size="small" danger aria-label={`删除分组 ${group.groupName}`} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onDelete(group)} />
          </Tooltip>
        </span>
      )}
    </li>
  );
  return (
    <Card
      title="表单分组"
      variant="borderless"
      className="admin-split-side admin-side-card"
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => onEdit(null)}>
          新增分组
        </Button>
      }
    >
      <ul className="form-groups" aria-label="表单分组">
        {entry('all', '全部表单', <AppstoreOutlined aria-hidden="true" />)}
        {entry('none', '未分组', <InboxOutlined aria-hidden="true" />)}
        {groups.map((g) => entry(g.id, g.groupName, <FolderOutlined aria-hidden="true" />, g))}
      </ul>
    </Card>
  );
}

export function FormManagePage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [group, setGroup] = useState<GroupFilter>('all');
  const [formName, setFormName] = useState('');
  const [status, setStatus] = useState<0 | 1 | undefined>(undefined);
  const [groupEditing, setGroupEditing] = useState<{ group: FormGroup | null } | null>(null);
  const [formEditing, setFormEditing] = useState<FormEditing | null>(null);

  const groups = useQuery({ queryKey: formKeys.groups, queryFn: ({ signal }) => listFormGroup(signal) });
  const groupList = groups.data ?? [];
  const forms = useQuery({
    queryKey: [...formKeys.forms, pageNum, pageSize, group, formName, status],
    queryFn: ({ signal }) => listFormConf({ pageNum, pageSize, formName: formName || undefined, groupId: groupIdParam(group), status }, signal),
    placeholderData: keepPreviousData,
  });
  const refreshForms = () => queryClient.invalidateQueries({ queryKey: formKeys.forms });

  const selectGroup = (g: GroupFilter) => {
    setGroup(g);
    paging.reset();
  };

  const removeGroup = (g: FormGroup) =>
    modal.confirm({
      title: `确认删除分组「${g.groupName}」吗?`,
      content: '分组内的表单不会删除，将移至“未分组”。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (!(await settled(() => deleteFormGroup(g.id)))) return;
        void message.success(ADMIN_TEXT.deleted);
        if (group === g.id) selectGroup('all');
        await queryClient.invalidateQueries({ queryKey: formKeys.groups });
        await refreshForms();
      },
    });

  const toggle = async (row: FormConfRow) => {
    const enable = row.status !== 0;
    if (!(await settled(() => setFormEnabled(row.formId, enable)))) return;
    void message.success(enable ? '已启用' : '已停用');
    await refreshForms();
  };

  const removeForm = (row: FormConfRow) =>
    modal.confirm({
      title: `确认删除表单「${row.formName}」吗?`,
      content: '只有没有数据的表单才能删除，删除时一并删除其数据表和打开其列表页的菜单；已有数据的表单将改为停用。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const reply = await deleteFormConf(row.formId, { silent: true });
          if (reply.deleted) {
            const menus = reply.removedMenus ?? [];
            void message.success(menus.length ? `${ADMIN_TEXT.deleted}，已同时删除菜单：${menus.join('、')}` : ADMIN_TEXT.deleted);
            if (menus.length) await queryClient.invalidateQueries({ queryKey: MENUS_QUERY_KEY });
          } else modal.warning({ title: '表单已停用', content: reply.message, okText: '知道了' });
        } catch (e) {
          notifyError(errorMessage(e, '删除失败'));
        }
        await refreshForms();
      },
    });

  const columns: TableColumnsType<FormConfRow> = [
    { title: '表单名称', dataIndex: 'formName', ellipsis: true },
    { title: '分组', dataIndex: 'groupName', width: 140, ellipsis: true, render: (v: string | null) => v ?? <span className="admin-hint">未分组</span> },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <StatusTag status={v} /> },
    {
      title: '设计',
      dataIndex: 'designed',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="processing">已设计</Tag> : <Tag>未设计</Tag>),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 400,
      render: (_v, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(`/form/design/${row.formId}`)}>
            设计
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(`/form/flow/${row.formId}`)}>
            流程设计
          </Button>
          <Button type="link" size="small" onClick={() => setFormEditing({ mode: 'rename', row })}>
            重命名
          </Button>
          <Button type="link" size="small" onClick={() => setFormEditing({ mode: 'copy', row })}>
            复制
          </Button>
          <Button type="link" size="small" onClick={() => void toggle(row)}>
            {row.status === 0 ? '停用' : '启用'}
          </Button>
          <Button type="link" size="small" danger onClick={() => removeForm(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const groupTitle = group === 'all' ? '全部表单' : group === 'none' ? '未分组' : (groupList.find((g) => g.id === group)?.groupName ?? '表单');

  return (
    <div className="admin-split form-manage">
      <GroupList
        groups={groupList}
        selected={group}
        onSelect={selectGroup}
        onEdit={(g) => setGroupEditing({ group: g })}
        onDelete={removeGroup}
      />
      <div className="admin-split-main">
        <ListPage
          title={`表单管理 · ${groupTitle}`}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => setFormEditing({ mode: 'create', groupId: typeof group === 'number' ? group : 0 })}
            >
              新建表单
            </Button>
          }
        >
          <div className="admin-filter" style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              placeholder="表单名称"
              aria-label="表单名称"
              style={{ width: 260 }}
              onSearch={(v) => {
                setFormName(v.trim());
                paging.reset();
              }}
            />
            <Select<0 | 1 | 'all'>
              aria-label="状态"
              style={{ width: 120 }}
              value={status ?? 'all'}
              onChange={(v) => {
                setStatus(v === 'all' ? undefined : v);
                paging.reset();
              }}
              options={[
                { value: 'all', label: '全部状态' },
                { value: 0, label: '启用' },
                { value: 1, label: '停用' },
              ]}
            />
          </div>
          <PagedTable<FormConfRow>
            rowKey="formId"
            columns={columns}
            page={forms.data}
            loading={forms.isFetching}
            paging={paging}
          />
        </ListPage>
      </div>
      {groupEditing && <GroupDialog group={groupEditing.group} onClose={() => setGroupEditing(null)} />}
      {formEditing && <FormDialog editing={formEditing} groups={groupList} onClose={() => setFormEditing(null)} />}
    </div>
  );
}
