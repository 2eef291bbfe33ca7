import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Upload, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { NOTICE_DEFAULT_BACKGROUND, NOTICE_KIND, NOTICE_STATUS, NOTICE_STATUS_LABEL, NOTICE_TEXT, NOTICE_TYPES, noticeError } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { FilterActions, ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { uploadFile } from '../../controls/common/files.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { fileUrls } from '../preview/api.ts';
import { ReceiverFields } from './ReceiverFields.tsx';
import { BackgroundField, type BackgroundValue } from './BackgroundField.tsx';
import { useSession } from '../../lib/session.tsx';
import { deleteNotices, getNotice, listNotices, noticeKeys, publishNotice, readers, readersExportUrl, saveNotice, saveOwnNotice, tenantOptions, withdrawNotice, type NoticeRow } from './api.ts';

/* 平台公告 and 企业公告 (issue 38; screens-round3 §3): the list, its editor and read statistics. */

const typeLabel = (code: string) => NOTICE_TYPES.find(([c]) => c === code)?.[1] ?? code;
const when = (t: string | null) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '');

interface EditValues { title: string; noticeType: string; content: string; smsNotify: boolean; tenantId?: string; orgIds?: number[]; userIds?: number[]; background?: BackgroundValue; files?: Array<{ fileId: string; name: string }> }

function AttachmentField({ value = [], onChange }: { value?: Array<{ fileId: string; name: string }>; onChange?: (v: Array<{ fileId: string; name: string }>) => void }) {
  const { message } = App.useApp();
  return (
    <Space direction="vertical">
      <Upload
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          uploadFile(f, f.name, { control: null })
            .then((u) => { onChange?.([...value, { fileId: String(u.fileId), name: f.name }]); onSuccess?.(u); })
            .catch((e: Error) => { void message.error('上传失败'); onError?.(e); });
        }}
      >
        <Button>上传附件</Button>
      </Upload>
      {value.map((f) => (
        <Space key={f.fileId}>
          <a href={fileUrls.page(f.fileId)} target="_blank" rel="noreferrer">{f.name}</a>
          <Button type="link" size="small" onClick={() => onChange?.(value.filter((x) => x.fileId !== f.fileId))}>删除</Button>
        </Space>
      ))}
    </Space>
  );
}

function NoticeDialog({ kind, id, onClose }: { kind: number; id: number | null; onClose: () => void }) {
  const existing = useQuery({ queryKey: ['notice', 'get', id], queryFn: () => getNotice(id!), enabled: id !== null });
  // The park picks the tenant of a 企业公告; a tenant's admin writes for its own tenant.
  const isPark = useSession().user.userType === 0;
  const tenants = useQuery({ queryKey: ['notice', 'tenants'], queryFn: tenantOptions, enabled: isPark && kind === NOTICE_KIND.enterprise });
  const dialog = useEditDialog({
    save: (v: EditValues) => {
      const { background, ...rest } = v;
      const chosen = background && 'fileId' in background ? { backgroundFileId: background.fileId } : { backgroundKey: background?.key ?? NOTICE_DEFAULT_BACKGROUND };
      const body = { ...rest, ...chosen, id: id ?? undefined, fileIds: (v.files ?? []).map((f) => f.fileId) };
      return isPark ? saveNotice(kind, body) : saveOwnNotice(body);
    },
    savedText: NOTICE_TEXT.saved,
    onClose,
    refresh: [noticeKeys.list(kind)],
  });
  if (id !== null && !existing.data) return null;
  const d = existing.data;
  const initial: Partial<EditValues> = d
    ? { title: d.title, noticeType: d.noticeType, content: d.content, smsNotify: d.smsNotify, tenantId: d.tenantId ?? undefined, orgIds: (d.orgIds ?? []).map(Number), userIds: (d.userIds ?? []).map(Number),
        background: d.backgroundFileId ? { fileId: d.backgroundFileId, name: '已上传的图片' } : { key: d.backgroundKey ?? NOTICE_DEFAULT_BACKGROUND }, files: d.files.map((f) => ({ fileId: String(f.id), name: String(f.original_name) })) }
    : { smsNotify: false, noticeType: NOTICE_TYPES[0]![0], content: '', background: { key: NOTICE_DEFAULT_BACKGROUND } };
  const rule = (field: 'title' | 'noticeType' | 'content') => ({
    validator: (_: unknown, v: unknown) => {
      const base = { title: 'x', noticeType: 'x', content: '<p>x</p>', [field]: v };
      const err = noticeError(base);
      return err ? Promise.reject(new Error(err)) : Promise.resolve();
    },
  });
  return (
    <EditModal<EditValues> {...dialog} title={id ? '编辑公告' : '新增公告'} width={820} name="notice" layout="vertical" initialValues={initial}>
      <Form.Item name="title" label="公告标题" rules={[rule('title')]}><Input placeholder="请输入公告标题" /></Form.Item>
      <Form.Item name="noticeType" label="公告类型" rules={[rule('noticeType')]}><Select options={NOTICE_TYPES.map(([value, label]) => ({ value, label }))} /></Form.Item>
      {kind === NOTICE_KIND.enterprise && isPark ? (
        <Form.Item name="tenantId" label="企业" rules={[{ required: true, message: NOTICE_TEXT.tenantRequired }]}>
          <Select showSearch optionFilterProp="label" placeholder="请选择企业" loading={tenants.isPending} options={tenants.data ?? []} />
        </Form.Item>
      ) : null}
      {kind === NOTICE_KIND.enterprise ? <ReceiverFields isPark={isPark} /> : null}
      <Form.Item name="content" label="公告内容" rules={[rule('content')]}><RichTextEditor /></Form.Item>
      <Form.Item name="background" label="背景图片"><BackgroundField kind={kind} /></Form.Item>
      <Form.Item name="files" label="附件"><AttachmentField /></Form.Item>
      <Form.Item name="smsNotify" label="短信通知" valuePropName="checked"><Switch /></Form.Item>
    </EditModal>
  );
}

function ReadStatsDialog({ notice, onClose }: { notice: NoticeRow; onClose: () => void }) {
  const [tab, setTab] = useState<'1' | '0'>('0');
  const list = useQuery({ queryKey: ['notice', 'readers', notice.id, tab], queryFn: () => readers(notice.id, tab === '1' ? 1 : 0) });
  return (
    <Modal open title={`阅读情况：${notice.title}`} width={860} footer={null} onCancel={onClose}>
      <Space style={{ marginBottom: 8 }}>
        <span>{notice.readSummary}</span>
        <Button href={readersExportUrl(notice.id, tab === '1' ? 1 : 0)}>导出</Button>
      </Space>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as '1' | '0')} items={[{ key: '0', label: '未读' }, { key: '1', label: '已读' }]} />
      <Table
        rowKey="userId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={tableLocale}
        columns={[
          { title: '企业', dataIndex: 'companyName' }, { title: '部门', dataIndex: 'orgName' }, { title: '姓名', dataIndex: 'realName' },
          { title: '手机号', dataIndex: 'phone' }, { title: '阅读时间', dataIndex: 'readTime', render: when },
        ]}
      />
    </Modal>
  );
}

function PublishDialog({ notice, onClose, onDone }: { notice: NoticeRow; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [timed, setTimed] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);
  return (
    <Modal
      open
      title="发布公告"
      okText="发布"
      cancelText="取消"
      onCancel={onClose}
      onOk={async () => {
        const r = await publishNotice(notice.id, timed && at ? at.toISOString() : undefined);
        void message.success((r as { errMsg?: string }).errMsg ?? NOTICE_TEXT.published);
        onDone();
      }}
    >
      <Space direction="vertical">
        <Switch checkedChildren="定时发布" unCheckedChildren="立即发布" checked={timed} onChange={setTimed} />
        {timed ? <DatePicker showTime value={at} onChange={setAt} placeholder="请选择定时发布时间" disabledDate={(d) => d.isBefore(dayjs(), 'day')} /> : null}
      </Space>
    </Modal>
  );
}

export function NoticeListPage({ kind }: { kind: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const paging = usePaging();
  const [query, setQuery] = useState<{ title?: string; noticeType?: string }>({});
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [stats, setStats] = useState<NoticeRow | null>(null);
  const [publishing, setPublishing] = useState<NoticeRow | null>(null);
  const list = useQuery({
    queryKey: [...noticeKeys.list(kind), paging.pageNum, paging.pageSize, query],
    queryFn: () => listNotices(kind, paging.pageNum, paging.pageSize, query),
    placeholderData: keepPreviousData,
    // A notice being delivered shows its progress until its receivers are written.
    refetchInterval: (q) => (q.state.data?.datas.some((d) => d.delivering) ? 1000 : false),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: noticeKeys.list(kind) });
  const columns: TableColumnsType<NoticeRow> = [
    { title: '公告标题', dataIndex: 'title' },
    ...(kind === NOTICE_KIND.enterprise ? [{ title: '企业', dataIndex: 'companyName' }] : []),
    { title: '公告类型', dataIndex: 'noticeType', render: typeLabel },
    { title: '状态', dataIndex: 'status', render: (s: number, r) => (r.delivering ? <Tag color="processing">投递中</Tag> : <Tag color={s === NOTICE_STATUS.published ? 'green' : undefined}>{NOTICE_STATUS_LABEL[s]}</Tag>) },
    { title: '发布时间', dataIndex: 'publishTime', render: when },
    { title: '阅读情况', dataIndex: 'readSummary', render: (t: string, r) => (r.status === NOTICE_STATUS.published ? <a onClick={() => setStats(r)}>{t}</a> : '') },
    {
      title: '操作',
      render: (_, r) => (
        <Space>
          {r.status !== NOTICE_STATUS.published ? <a onClick={() => setEditing(r.id)}>编辑</a> : null}
          {r.status === NOTICE_STATUS.draft || r.status === NOTICE_STATUS.withdrawn ? <a onClick={() => setPublishing(r)}>发布</a> : null}
          {r.status === NOTICE_STATUS.published || r.status === NOTICE_STATUS.scheduled ? (
            <Popconfirm title="确定撤回该公告？" onConfirm={async () => { await withdrawNotice(r.id); void message.success(NOTICE_TEXT.withdrawn); await refresh(); }}><a>撤回</a></Popconfirm>
          ) : null}
          <Popconfirm title="确定删除该公告？" onConfirm={async () => { await deleteNotices([r.id]); void message.success(NOTICE_TEXT.deleted); await refresh(); }}><a>删除</a></Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <ListPage title={kind === NOTICE_KIND.platform ? '平台公告' : '企业公告'} extra={<Button type="primary" onClick={() => setEditing(null)}>新增</Button>}>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={(v: { title?: string; noticeType?: string }) => { paging.reset(); setQuery(v); }}>
        <Form.Item name="title" label="公告标题"><Input allowClear placeholder="请输入" /></Form.Item>
        <Form.Item name="noticeType" label="公告类型"><Select allowClear style={{ width: 140 }} placeholder="请选择" options={NOTICE_TYPES.map(([value, label]) => ({ value, label }))} /></Form.Item>
        <FilterActions onReset={() => { paging.reset(); setQuery({}); }} />
      </Form>
      <Table rowKey="id" loading={list.isFetching} dataSource={list.data?.datas ?? []} columns={columns} locale={tableLocale} pagination={tablePagination(paging, list.data?.totalCount ?? 0)} />
      {editing !== undefined ? <NoticeDialog kind={kind} id={editing} onClose={() => setEditing(undefined)} /> : null}
      {stats ? <ReadStatsDialog notice={stats} onClose={() => setStats(null)} /> : null}
      {publishing ? <PublishDialog notice={publishing} onClose={() => setPublishing(null)} onDone={() => { setPublishing(null); void refresh(); }} /> : null}
    </ListPage>
  );
}

export const PlatformNoticePage = () => <NoticeListPage kind={NOTICE_KIND.platform} />;
export const EnterpriseNoticePage = () => <NoticeListPage kind={NOTICE_KIND.enterprise} />;
