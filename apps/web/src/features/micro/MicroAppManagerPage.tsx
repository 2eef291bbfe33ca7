import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MICRO_FUNCTION_TYPES, MICRO_TEXT, type MicroApp, type MicroFunction } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { addMicroApp, deleteMicroApp, getMicroApp, listMicroApp, listMicroAppFunction, listMicroAppFunctionByAppId, microKeys, updateMicroApp, type AppQuery } from './api.ts';
import { IconDialog } from './IconDialog.tsx';
import { AppIcon, QueryBar, TagInput, tagText } from './parts.tsx';

/* 微应用管理 (screens-round3 §2.2): an app is a coloured font icon, a name, tags and its functions. */

/** 选择功能: search functions, tick them; "已选项：" shows the chips. */
function FunctionPicker({ chosen, onOk, onClose }: { chosen: MicroFunction[]; onOk: (fns: MicroFunction[]) => void; onClose: () => void }) {
  const paging = usePaging();
  const [funName, setFunName] = useState('');
  const [picked, setPicked] = useState<MicroFunction[]>(chosen);
  const { data, isFetching } = useQuery({
    queryKey: [...microKeys.functions, 'pick', funName, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listMicroAppFunction(paging.pageNum, paging.pageSize, { funName: funName || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal open title="选择功能" width={720} okText="确定" cancelText="取消" onOk={() => onOk(picked)} onCancel={onClose} destroyOnHidden>
      <Input.Search placeholder="输入功能名称搜索" allowClear onSearch={(v) => { setFunName(v.trim()); paging.reset(); }} style={{ marginBottom: 12 }} />
      <Table<MicroFunction>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.rows ?? []}
        locale={tableLocale}
        pagination={tablePagination(paging, data?.total ?? 0)}
        rowSelection={{
          selectedRowKeys: picked.map((f) => f.id),
          preserveSelectedRowKeys: true,
          onChange: (_k, rows) => {
            const onPage = new Set((data?.rows ?? []).map((r) => r.id));
            setPicked((prev) => [...prev.filter((p) => !onPage.has(p.id)), ...rows.filter(Boolean)]);
          },
        }}
        columns={[
          { title: '功能名称', dataIndex: 'funName' },
          { title: '标签', dataIndex: 'tag', render: tagText },
          { title: '类型', dataIndex: 'type', render: (v: number) => MICRO_FUNCTION_TYPES.find((t) => t.value === v)?.label },
        ]}
      />
      <div>
        已选项：
        {picked.map((f) => (
          <Tag key={f.id} closable onClose={() => setPicked((p) => p.filter((x) => x.id !== f.id))}>
            {f.funName}
          </Tag>
        ))}
      </div>
    </Modal>
  );
}

interface AppForm {
  appName: string;
  introduce?: string;
  tag?: string;
}

function AppDialog({ app, functions, onClose }: { app: MicroApp | null; functions: MicroFunction[]; onClose: () => void }) {
  const [icon, setIcon] = useState<{ iconName: string | null; color: string | null }>({ iconName: app?.iconName ?? null, color: app?.iconBgColor ?? null });
  const [fns, setFns] = useState<MicroFunction[]>(functions);
  const [iconOpen, setIconOpen] = useState(false);
  const [pickOpen, setPickOpen] = useState(false);
  const dialog = useEditDialog({
    save: async (v: AppForm) => {
      const fields = { appType: 0, tag: v.tag ?? '', appName: v.appName, introduce: v.introduce ?? '', iconName: icon.iconName ?? '', iconBgColor: icon.color ?? '', funIds: fns.map((f) => f.id).join(',') };
      if (app) await updateMicroApp({ ...fields, id: app.id });
      else await addMicroApp(fields);
    },
    savedText: app ? MICRO_TEXT.appUpdated : MICRO_TEXT.appAdded,
    onClose,
    refresh: [microKeys.apps],
  });
  return (
    <EditModal<AppForm> title={app ? '修改微应用' : '新增微应用'} width={640} {...dialog} name="app" labelCol={{ span: 4 }} initialValues={app ? { appName: app.appName, introduce: app.introduce ?? '', tag: app.tag ?? '' } : {}}>
      <Form.Item label="图标">
        <Space>
          <AppIcon iconName={icon.iconName} color={icon.color} />
          <Button onClick={() => setIconOpen(true)}>图标设置</Button>
        </Space>
      </Form.Item>
      <Form.Item label="应用名称" name="appName" rules={[{ required: true, whitespace: true, message: MICRO_TEXT.appNameRequired }, { max: 100, message: MICRO_TEXT.tooLong('应用名称', 100) }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="功能介绍" name="introduce">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item label="标签" name="tag">
        <TagInput />
      </Form.Item>
      <Form.Item label="功能类目">
        <div className="micro-fun-list">
          {fns.map((f) => (
            <div key={f.id} className="micro-fun-item">
              <span>{f.funName}</span>
              <Button type="link" size="small" danger onClick={() => setFns((p) => p.filter((x) => x.id !== f.id))}>
                删除
              </Button>
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setPickOpen(true)} aria-label="添加功能">
            添加功能
          </Button>
        </div>
      </Form.Item>
      {iconOpen && (
        <IconDialog
          iconName={icon.iconName}
          color={icon.color}
          onClose={() => setIconOpen(false)}
          onOk={(iconName, color) => {
            setIcon({ iconName, color });
            setIconOpen(false);
          }}
        />
      )}
      {pickOpen && (
        <FunctionPicker
          chosen={fns}
          onClose={() => setPickOpen(false)}
          onOk={(picked) => {
            setFns(picked);
            setPickOpen(false);
          }}
        />
      )}
    </EditModal>
  );
}

export function MicroAppManagerPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [query, setQuery] = useState<AppQuery>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ app: MicroApp | null; functions: MicroFunction[] } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...microKeys.apps, query, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listMicroApp(paging.pageNum, paging.pageSize, query, signal),
    placeholderData: keepPreviousData,
  });
  const remove = () => {
    if (selected.length === 0) {
      void message.warning(MICRO_TEXT.chooseToDelete);
      return;
    }
    modal.confirm({
      title: '提示',
      content: MICRO_TEXT.confirmDeleteApp,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await deleteMicroApp(selected);
        void message.success(MICRO_TEXT.deleted);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: microKeys.apps });
      },
    });
  };
  const columns: TableColumnsType<MicroApp> = [
    {
      title: 'Logo/应用名称',
      dataIndex: 'appName',
      render: (_v, a) => (
        <Space>
          <AppIcon iconName={a.iconName} color={a.iconBgColor} size={32} />
          {a.appName}
        </Space>
      ),
    },
    { title: '功能介绍', dataIndex: 'introduce', ellipsis: true },
    { title: '标签', dataIndex: 'tag', render: tagText },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_v, a) => (
        <Button
          type="link"
          size="small"
          onClick={async () => {
            const [app, functions] = await Promise.all([getMicroApp(a.id), listMicroAppFunctionByAppId(a.id)]);
            setEditing({ app, functions });
          }}
        >
          修改
        </Button>
      ),
    },
  ];
  return (
    <ListPage title="微应用管理">
      <QueryBar<AppQuery>
        onQuery={(v) => {
          setQuery({ appName: v.appName?.trim() || undefined, introduce: v.introduce?.trim() || undefined, tag: v.tag?.trim() || undefined });
          paging.reset();
        }}
        actions={
          <>
            <Button danger onClick={remove}>
              删除
            </Button>
            <Button type="primary" onClick={() => setEditing({ app: null, functions: [] })}>
              新增
            </Button>
          </>
        }
      >
        <Form.Item label="应用名称" name="appName">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="功能介绍" name="introduce">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="标签" name="tag">
          <Input allowClear />
        </Form.Item>
      </QueryBar>
      <Table<MicroApp>
        rowKey="id"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
      {editing && <AppDialog app={editing.app} functions={editing.functions} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
