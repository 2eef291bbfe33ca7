import { useState } from 'react';
import { App, Button, Drawer, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoReportFrequency, AutoReportRecipients, AutoReportTarget } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { listReports, REPORT_KIND_TEXT, reportDefKeys } from '../reportApi.ts';
import { autoReportKeys, autoReportLog, deleteAutoReport, enableAutoReport, listAutoReports, saveAutoReport, sendAutoReport, type AutoReportView } from './api.ts';
import { DEFAULT_FREQUENCY, FrequencyInput } from './FrequencyInput.tsx';
import { RecipientsInput } from './RecipientsInput.tsx';
import { ReportTargetFields } from './ReportTargetFields.tsx';
import { fieldRule } from './rules.ts';
import './autoReport.css';

interface EditValues {
  name: string;
  reportId: number | null;
  target: AutoReportTarget;
  widgetId: string | null;
  frequency: AutoReportFrequency;
  recipients: AutoReportRecipients;
  enabled: boolean;
}

/** 报表 or 仪表盘 to send, picked by name. */
export function ReportSelect(props: { value?: number | null; onChange?(v: number): void }) {
  const reports = useQuery({ queryKey: [...reportDefKeys.list, 'all'], queryFn: ({ signal }) => listReports(null, signal) });
  return (
    <Select
      {...props}
      aria-label="报表"
      showSearch
      optionFilterProp="label"
      placeholder="请选择报表或仪表盘"
      loading={reports.isPending}
      options={(reports.data ?? []).map((r) => ({ value: r.reportId, label: `${r.reportName}（${REPORT_KIND_TEXT[r.kind] ?? r.kind}）` }))}
    />
  );
}

function EditDialog({ row, onClose }: { row: AutoReportView | null; onClose(): void }) {
  const dialog = useEditDialog<EditValues>({ save: (v) => saveAutoReport({ ...v, id: row?.id }), onClose, refresh: [autoReportKeys.list] });
  const reportId = Form.useWatch('reportId', dialog.form);
  const initial: Partial<EditValues> = row
    ? { name: row.name, reportId: row.reportId, target: row.target, widgetId: row.widgetId, frequency: row.frequency, recipients: row.recipients, enabled: row.enabled }
    : { target: 'excel', frequency: DEFAULT_FREQUENCY, recipients: { users: [], roles: [], orgs: [] }, enabled: true };
  return (
    <EditModal<EditValues> {...dialog} title={row ? '编辑自动报表' : '新增自动报表'} width={720} name="autoReport" layout="vertical" initialValues={initial}>
      <Form.Item name="name" label="名称" rules={[fieldRule('name')]}><Input placeholder="如：园区车辆日报" maxLength={50} /></Form.Item>
      <Form.Item name="reportId" label="报表" rules={[fieldRule('reportId')]}>
        <ReportSelect onChange={() => dialog.form.setFieldValue('widgetId', null)} />
      </Form.Item>
      <ReportTargetFields reportId={reportId} />
      <Form.Item name="frequency" label="发送频率" rules={[fieldRule('frequency')]}><FrequencyInput /></Form.Item>
      <Form.Item name="recipients" label="接收人" rules={[fieldRule('recipients')]}><RecipientsInput /></Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked"><Switch /></Form.Item>
    </EditModal>
  );
}

function LogDrawer({ row, onClose }: { row: AutoReportView; onClose(): void }) {
  const log = useQuery({ queryKey: autoReportKeys.log(row.id), queryFn: ({ signal }) => autoReportLog(row.id, signal) });
  return (
    <Drawer open width={820} title={`发送记录：${row.name}`} onClose={onClose}>
      <Table
        rowKey="id"
        size="small"
        loading={log.isFetching}
        locale={tableLocale}
        dataSource={log.data?.datas ?? []}
        pagination={false}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '方式', dataIndex: 'trigger', width: 90 },
          { title: '接收人', dataIndex: 'receivers', render: (v: string[]) => v.join('、') || '-' },
          { title: '结果', dataIndex: 'result', width: 80, render: (v: string) => <Tag color={v === '成功' ? 'success' : 'error'}>{v}</Tag> },
          { title: '错误', dataIndex: 'error', render: (v: string | null) => v ?? '-' },
          { title: '文件', dataIndex: 'fileId', width: 80, render: (v: number | null) => (v ? <a href={`/api/file/download/${v}`}>下载</a> : '-') },
        ]}
      />
    </Drawer>
  );
}

/** 报表设计 › 自动报表 (issue 39, ADR 0057): schedules that send a table as Excel or a dashboard as a picture. */
export function AutoReportPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<AutoReportView | null | 'new'>(null);
  const [logOf, setLogOf] = useState<AutoReportView | null>(null);
  const list = useQuery({ queryKey: autoReportKeys.list, queryFn: ({ signal }) => listAutoReports(signal) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['autoReport'] });

  const columns: TableColumnsType<AutoReportView> = [
    { title: '名称', dataIndex: 'name' },
    { title: '报表', dataIndex: 'reportName' },
    { title: '发送内容', dataIndex: 'target', width: 110, render: (v: AutoReportTarget) => (v === 'excel' ? '表格 Excel' : '图片 PNG') },
    { title: '频率', dataIndex: 'frequencyText', width: 160 },
    { title: '创建人', dataIndex: 'ownerName', width: 110 },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) => (
        <Switch aria-label={`启用 ${r.name}`} size="small" checked={v} checkedChildren="启用" unCheckedChildren="停用" onChange={async (on) => {
          await enableAutoReport(r.id, on);
          void message.success(on ? '已启用' : '已停用');
          await refresh();
        }} />
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 260,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
          <Button type="link" size="small" onClick={async () => {
            const o = await sendAutoReport(r.id);
            if (o.data.result === '成功') void message.success(o.errMsg ?? '已发送');
            else void message.error(o.errMsg ?? '发送失败');
            await refresh();
          }}>立即发送</Button>
          <Button type="link" size="small" onClick={() => setLogOf(r)}>发送记录</Button>
          <Popconfirm title={`确定删除「${r.name}」？`} okText="删除" cancelText="取消" onConfirm={async () => {
            await deleteAutoReport(r.id);
            void message.success('删除成功');
            await refresh();
          }}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="自动报表">
      <div className="list-toolbar">
        <Button type="primary" onClick={() => setEditing('new')}>新增</Button>
      </div>
      <Table rowKey="id" loading={list.isFetching} dataSource={list.data ?? []} columns={columns} locale={tableLocale} pagination={false} />
      {editing !== null && <EditDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {logOf && <LogDrawer row={logOf} onClose={() => setLogOf(null)} />}
    </ListPage>
  );
}
