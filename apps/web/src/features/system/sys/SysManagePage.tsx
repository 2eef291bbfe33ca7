import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT, isSysUrl, SYS_URL_MESSAGE, type SysModule } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { MODULES_QUERY_KEY } from '../../../lib/shellApi.ts';
import { addSys, checkBySysName, deleteSys, keys, listSys, updateSys } from '../api.ts';
import { DeleteLink, UniqueNameItem } from '../common.tsx';
import '../system.css';

interface SysForm {
  sysName: string;
  sysUrl: string;
  status: number;
  orderIndex: number | null;
}

function SysDialog({ sys, onClose }: { sys: SysModule | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: SysForm) => {
      const body = { sysName: v.sysName.trim(), sysUrl: v.sysUrl.trim(), status: v.status, orderIndex: v.orderIndex ?? undefined };
      if (sys) await updateSys({ ...body, id: sys.id });
      else await addSys(body);
    },
    onClose,
    // The top bar's 业务模块 list follows.
    refresh: [keys.sys, MODULES_QUERY_KEY],
  });
  return (
    <EditModal<SysForm>
      title={sys ? '编辑系统模块' : '新增系统模块'}
      {...dialog}
      name="sys"
      layout="vertical"
      initialValues={sys ? { sysName: sys.sysName, sysUrl: sys.sysUrl, status: Number(sys.status), orderIndex: sys.orderIndex ?? null } : { status: 0 }}
    >
      <UniqueNameItem
        label="系统名称"
        name="sysName"
        requiredMessage="请输入系统名称"
        check={checkBySysName}
        ownId={sys?.id}
        taken={ADMIN_TEXT.sysNameTaken}
      />
      <Form.Item
        label="地址"
        name="sysUrl"
        rules={[
          { required: true, whitespace: true, message: '请输入地址' },
          { validator: async (_r, v: string) => (!v?.trim() || isSysUrl(v.trim()) ? undefined : Promise.reject(new Error(SYS_URL_MESSAGE))) },
        ]}
        extra="在顶部“业务模块”中点击后于新窗口打开"
      >
        <Input maxLength={500} placeholder="https://… 或 /closed-park-web/…" />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Radio.Group
          options={[
            { value: 0, label: '启用（在顶部业务模块中显示）' },
            { value: 1, label: '停用' },
          ]}
        />
      </Form.Item>
      <Form.Item label="排序" name="orderIndex">
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
    </EditModal>
  );
}

export function SysManagePage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ sys: SysModule | null } | null>(null);
  const { data = [], isFetching } = useQuery({ queryKey: keys.sys, queryFn: ({ signal }) => listSys(signal) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: keys.sys });
    await queryClient.invalidateQueries({ queryKey: MODULES_QUERY_KEY });
  };

  const columns: TableColumnsType<SysModule> = [
    { title: '系统名称', dataIndex: 'sysName', width: 220 },
    { title: '地址', dataIndex: 'sysUrl', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number) => (Number(v) === 0 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '排序', dataIndex: 'orderIndex', width: 80 },
    {
      title: '操作',
      key: 'action',
      width: 130,
      render: (_v, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ sys: s })}>
            编辑
          </Button>
          <DeleteLink
            what={`将删除系统模块「${s.sysName}」。`}
            remove={async () => {
              await deleteSys(s.id);
              await refresh();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="系统模块"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ sys: null })}>
          新增系统模块
        </Button>
      }
    >
      <p className="admin-hint">状态为“启用”的模块显示在顶部栏的“业务模块”下拉中。</p>
      <Table<SysModule> rowKey="id" size="middle" columns={columns} dataSource={data} loading={isFetching} locale={tableLocale} pagination={false} />
      {editing && <SysDialog sys={editing.sys} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
