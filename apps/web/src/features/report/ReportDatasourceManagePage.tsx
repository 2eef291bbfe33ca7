import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_DATASOURCE_TYPE_LABELS, DEFAULT_PORTS, type ReportDatasourceInputBody, type ReportDatasourceView } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { DeleteLink } from '../system/common.tsx';
import { deleteReportDatasource, listReportDatasources, reportKeys, saveReportDatasource, testReportDatasource } from './api.ts';
import '../system/system.css';

type SourceForm = Omit<ReportDatasourceInputBody, 'id'>;

function ReportDatasourceDialog({ source, onClose }: { source: ReportDatasourceView | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [testing, setTesting] = useState(false);
  const dialog = useEditDialog({
    save: (v: SourceForm) => saveReportDatasource({ ...v, ...(source ? { id: source.id } : {}) }),
    onClose,
    refresh: [reportKeys.datasources],
  });
  const test = async () => {
    const v = await dialog.form.validateFields();
    setTesting(true);
    try {
      // On edit an empty password means the stored one: the server tests the saved source then.
      const body = source && !v.password ? { id: source.id } : v;
      await testReportDatasource(body);
      void message.success('连接成功');
    } catch {
      // the http client has shown the server's message
    } finally {
      setTesting(false);
    }
  };
  return (
    <EditModal<SourceForm>
      title={source ? '编辑数据源' : '新增数据源'}
      {...dialog}
      name="datasource"
      layout="vertical"
      width={560}
      intro={<p className="admin-hint">只能连接管理员在 DATASOURCE_ALLOWED_HOSTS 中允许的主机；报表以只读方式访问。</p>}
      initialValues={
        source
          ? { name: source.name, type: source.type as SourceForm['type'], host: source.host, port: source.port ?? undefined, database: source.database, username: source.username }
          : { type: 'postgresql', port: DEFAULT_PORTS.postgresql }
      }
      onValuesChange={(changed: Partial<SourceForm>) => {
        if (changed.type) dialog.form.setFieldValue('port', DEFAULT_PORTS[changed.type]);
      }}
    >
      <Form.Item label="数据源名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入数据源名称' }]}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item label="数据库类型" name="type">
        <Radio.Group options={[{ value: 'postgresql', label: 'PostgreSQL' }, { value: 'mysql', label: 'MySQL' }]} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item label="主机" name="host" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: '请输入主机' }]}>
          <Input maxLength={253} autoComplete="off" placeholder="例如 10.0.0.12" />
        </Form.Item>
        <Form.Item label="端口" name="port" rules={[{ required: true, message: '请输入端口' }]}>
          <InputNumber min={1} max={65535} precision={0} />
        </Form.Item>
      </Space.Compact>
      <Form.Item label="数据库名" name="database" rules={[{ required: true, whitespace: true, message: '请输入数据库名' }]}>
        <Input maxLength={128} autoComplete="off" />
      </Form.Item>
      <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input maxLength={128} autoComplete="off" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={source ? [] : [{ required: true, message: '请输入密码' }]} extra={source ? '留空则保留原密码' : '密码加密保存'}>
        <Input.Password maxLength={256} autoComplete="new-password" />
      </Form.Item>
      <Button onClick={() => void test()} loading={testing}>
        测试连接
      </Button>
    </EditModal>
  );
}

/** 数据源管理: the platform database (built in) and external PostgreSQL / MySQL servers. */
export function ReportDatasourceManagePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ source: ReportDatasourceView | null } | null>(null);
  const { data = [], isFetching } = useQuery({ queryKey: reportKeys.datasources, queryFn: ({ signal }) => listReportDatasources(signal) });

  const columns: TableColumnsType<ReportDatasourceView> = [
    {
      title: '数据源名称',
      dataIndex: 'name',
      render: (v: string, d) => (
        <Space>
          {v}
          {d.builtIn && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 130, render: (v: ReportDatasourceView['type']) => REPORT_DATASOURCE_TYPE_LABELS[v] },
    { title: '主机', dataIndex: 'host', render: (v: string, d) => (d.builtIn ? '—' : v) },
    { title: '端口', dataIndex: 'port', width: 90, render: (v: number | null) => v ?? '—' },
    { title: '数据库', dataIndex: 'database', render: (v: string, d) => (d.builtIn ? '—' : v) },
    { title: '用户名', dataIndex: 'username', render: (v: string, d) => (d.builtIn ? '—' : v) },
    {
      title: '操作',
      key: 'action',
      width: 200,
      render: (_v, d) =>
        d.builtIn ? (
          <span className="admin-hint">平台数据库，只读</span>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ source: d })}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => void testReportDatasource({ id: d.id }).then(() => message.success('连接成功'), () => undefined)}
            >
              测试连接
            </Button>
            <DeleteLink
              what={`将删除数据源「${d.name}」。`}
              remove={async () => {
                await deleteReportDatasource(d.id);
                await queryClient.invalidateQueries({ queryKey: reportKeys.datasources });
              }}
            />
          </Space>
        ),
    },
  ];

  return (
    <ListPage
      title="数据源管理"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ source: null })}>
          新增数据源
        </Button>
      }
    >
      <Table<ReportDatasourceView> rowKey="id" size="middle" columns={columns} dataSource={data} loading={isFetching} locale={tableLocale} pagination={false} />
      {editing && <ReportDatasourceDialog source={editing.source} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
