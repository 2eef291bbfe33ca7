import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartPreview } from '@park/core';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { appKeys, choosableParts, exportApp, importPackage, listApps, listTenants, previewPackage, uninstallApp, type ExportFields, type InstalledAppRow, type PreviewReply } from './api.ts';

/*
 * 应用管理 (issue 41, screens-round3 §2.3): the installed applications; 新建应用 chooses forms and
 * dictionaries and exports them as one package (forms pull their dependencies on the server);
 * 导入 and 升级 read a package, show what it will create or change, and install only when asked.
 */

const ACTION_COLOR: Record<string, string> = { 新建: 'green', 更新: 'blue', 不变: 'default' };

/** The reasons of a refusal: the server's list, or its one message. */
function reasonsOf(err: unknown): string[] {
  if (err instanceof ApiError && err.body && typeof err.body === 'object' && Array.isArray((err.body as { errors?: unknown }).errors)) {
    return ((err.body as { errors: Array<{ message?: string }> }).errors).map((e) => e.message ?? '').filter(Boolean);
  }
  return [errorMessage(err, '应用包无法读取')];
}

function ExportDialog({ app: initial, onClose }: { app: InstalledAppRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExportFields>();
  const [busy, setBusy] = useState(false);
  const parts = useQuery({ queryKey: appKeys.parts, queryFn: choosableParts });
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await exportApp(v);
      message.success('应用包已导出');
      onClose();
    } catch (err) {
      message.error(errorMessage(err, '导出失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={initial ? `导出「${initial.name}」` : '新建应用'} okText="导出" cancelText="取消" onOk={() => void save()} confirmLoading={busy} onCancel={onClose} width={640} destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} name="appExport" initialValues={initial ? { code: initial.code, name: initial.name, version: initial.version, description: initial.description } : { version: '1.0.0' }}>
        <Form.Item label="应用名称" name="name" rules={[{ required: true, whitespace: true, message: '请填写应用名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="应用编码" name="code" rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/, message: '以字母开头，只含字母、数字和下划线' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label="版本号" name="version" rules={[{ required: true, pattern: /^\d+\.\d+\.\d+$/, message: '版本号应形如 1.0.0' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item label="表单" name="formIds" rules={[{ required: true, message: '请选择应用包含的表单' }]} extra="表单引用的表单和数据字典，表单已部署的审批流程、自动化、提醒设置、报表和大屏及其数据集会一并导出">
          <Select mode="multiple" loading={parts.isLoading} optionFilterProp="label" options={(parts.data?.forms ?? []).map((f) => ({ value: f.id, label: f.name }))} placeholder="选择表单" />
        </Form.Item>
        <Form.Item label="数据字典" name="dictionaries">
          <Select mode="multiple" optionFilterProp="label" options={(parts.data?.dictionaries ?? []).map((d) => ({ value: d.code, label: `${d.name}（${d.code}）` }))} placeholder="可选" />
        </Form.Item>
        <Form.Item label="微应用" name="microAppId" extra="应用在工作台上显示为这个微应用（可不选）">
          <Select allowClear optionFilterProp="label" options={(parts.data?.microApps ?? []).map((m) => ({ value: m.id, label: m.name }))} placeholder="不选" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const previewColumns: TableColumnsType<PartPreview> = [
  { title: '类型', dataIndex: 'label', width: 90 },
  { title: '名称', dataIndex: 'name' },
  { title: '表单分组', dataIndex: 'group', width: 110, render: (g: string | undefined, p) => (p.kind === 'form' ? (g ?? '未分组') : '') },
  { title: '操作', dataIndex: 'action', width: 80, render: (a: string) => <Tag color={ACTION_COLOR[a]}>{a}</Tag> },
  {
    title: '字段变化',
    render: (_, p) => (
      <>
        {p.added.length > 0 && <div>新增：{p.added.join('、')}</div>}
        {p.changed.length > 0 && <div>变更：{p.changed.join('、')}</div>}
      </>
    ),
  },
];

function ImportDialog({ upgrading, onClose }: { upgrading: InstalledAppRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PreviewReply | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [tenantIds, setTenantIds] = useState<number[]>([]);
  const tenants = useQuery({ queryKey: appKeys.tenants, queryFn: listTenants });
  const choose = async (f: File) => {
    setFile(f);
    setPreview(null);
    setRefused([]);
    setBusy(true);
    try {
      const p = await previewPackage(f);
      setPreview(p);
      setRefused(p.reasons);
    } catch (err) {
      setRefused(reasonsOf(err));
    } finally {
      setBusy(false);
    }
  };
  const install = async () => {
    if (!file) return;
    setBusy(true);
    try {
      message.success(await importPackage(file, tenantIds));
      await client.invalidateQueries({ queryKey: appKeys.list });
      onClose();
    } catch (err) {
      setRefused(reasonsOf(err));
    } finally {
      setBusy(false);
    }
  };
  const ready = preview !== null && refused.length === 0;
  return (
    <Modal
      open
      title={upgrading ? `升级「${upgrading.name}」` : '导入应用'}
      okText={preview?.fromVersion ? '确认升级' : '确认导入'}
      cancelText="取消"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onOk={() => void install()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <Upload accept=".zip" maxCount={1} showUploadList={false} beforeUpload={(f) => (void choose(f), false)}>
        <Button>选择应用包</Button>
      </Upload>
      {file && <span className="app-package-file"> {file.name}</span>}
      <div style={{ marginTop: 12 }}>
        <Select
          aria-label="安装到租户"
          mode="multiple"
          style={{ width: '100%' }}
          placeholder="安装到租户（可选，不选则只安装到园区）"
          optionFilterProp="label"
          value={tenantIds}
          onChange={setTenantIds}
          options={(tenants.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </div>
      {preview && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          title={`${preview.name} ${preview.version}`}
          description={preview.fromVersion ? `将从 ${preview.fromVersion} 升级到 ${preview.version}，已有数据保留` : '将新建以下内容'}
        />
      )}
      {refused.length > 0 && (
        <Alert style={{ marginTop: 12 }} type="error" title="应用包不能导入" description={<ul style={{ margin: 0, paddingLeft: 20 }}>{refused.map((r) => <li key={r}>{r}</li>)}</ul>} />
      )}
      {preview && preview.notes.length > 0 && <Alert style={{ marginTop: 12 }} type="warning" title="说明" description={preview.notes.join('；')} />}
      {preview && <Table<PartPreview> style={{ marginTop: 12 }} size="small" rowKey={(p) => `${p.kind}:${p.code}`} columns={previewColumns} dataSource={preview.parts} pagination={false} locale={tableLocale} />}
    </Modal>
  );
}

export function AppManagementPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const apps = useQuery({ queryKey: appKeys.list, queryFn: listApps });
  const uninstall = async (row: InstalledAppRow) => {
    try {
      message.success(await uninstallApp(row.code));
      await client.invalidateQueries({ queryKey: appKeys.list });
    } catch (err) {
      modal.error({ title: '不能卸载', content: reasonsOf(err).join('；') });
    }
  };
  const [exporting, setExporting] = useState<InstalledAppRow | null | undefined>(undefined);
  const [importing, setImporting] = useState<InstalledAppRow | null | undefined>(undefined);
  const columns: TableColumnsType<InstalledAppRow> = [
    { title: '应用名称', dataIndex: 'name' },
    { title: '编码', dataIndex: 'code' },
    { title: '版本', dataIndex: 'version', width: 90 },
    { title: '安装位置', dataIndex: 'installedIn', width: 100 },
    { title: '安装时间', dataIndex: 'installTime', width: 170 },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      width: 190,
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setExporting(row)}>导出</Button>
          <Button type="link" size="small" onClick={() => setImporting(row)}>升级</Button>
          <Popconfirm title={`卸载「${row.name}」？`} description="应用的表单有数据时不能卸载；数据字典保留" okText="卸载" cancelText="取消" onConfirm={() => uninstall(row)}>
            <Button type="link" size="small" danger>卸载</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      title="应用管理"
      extra={
        <Space>
          <Button type="primary" onClick={() => setExporting(null)}>新建应用</Button>
          <Button onClick={() => setImporting(null)}>导入</Button>
        </Space>
      }
    >
      <Table<InstalledAppRow> rowKey="id" columns={columns} dataSource={apps.data ?? []} loading={apps.isLoading} pagination={false} locale={tableLocale} />
      {exporting !== undefined && <ExportDialog app={exporting} onClose={() => setExporting(undefined)} />}
      {importing !== undefined && <ImportDialog upgrading={importing} onClose={() => setImporting(undefined)} />}
    </ListPage>
  );
}
