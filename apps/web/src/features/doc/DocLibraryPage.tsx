import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DOC_FILE_MAX_MB, DOC_SOURCE, DOC_SOURCE_LABEL, DOC_TEXT, type DocSource } from '@park/core';
import { FilterActions, ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { uploadFile } from '../../controls/common/files.ts';
import { useSession } from '../../lib/session.tsx';
import { tenantOptions } from '../notice/api.ts';
import { deleteDocs, docBlackList, docKeys, fileDownloadUrl, filePreviewUrl, listDocs, saveDoc, type DocQuery, type DocRow } from './api.ts';
import { TreePicker, type PickedNode } from './TreePicker.tsx';

/*
 * ShareDoc, EnterpriseDoc, PersonalDoc (screens-round3 §4.1–4.3) as one page told apart by its
 * library: the query, the table with the original's columns, and the save dialog.
 */
const when = (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss');

function PickerField({ kind, scope, multiple, value = [], onChange, placeholder, disabledText, readOnly }: {
  kind: 'classification' | 'tag'; scope: { source: DocSource; tenantId?: string }; multiple: boolean; placeholder: string;
  /** Shown instead of opening the picker (标签 before a 分类 is chosen). */
  disabledText?: string | null; readOnly?: boolean;
  value?: PickedNode[]; onChange?: (v: PickedNode[]) => void;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Input
        readOnly
        placeholder={placeholder}
        value={value.map((n) => n.name).join('，')}
        onClick={() => (disabledText ? void message.warning(disabledText) : setOpen(true))}
        onFocus={(e) => e.target.blur()}
      />
      {open ? (
        <TreePicker kind={kind} scope={scope} multiple={multiple} readOnly={readOnly} value={value.map((n) => n.id)} onClose={() => setOpen(false)} onOk={(p) => { onChange?.(p); setOpen(false); }} />
      ) : null}
    </>
  );
}

interface UploadedValue { fileId: number; name: string }
function FileField({ value, onChange }: { value?: UploadedValue | null; onChange?: (v: UploadedValue | null) => void }) {
  const { message } = App.useApp();
  return (
    <Space direction="vertical">
      <Upload
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (f.size > DOC_FILE_MAX_MB * 1024 * 1024) { void message.error(DOC_TEXT.fileTooLarge); return Upload.LIST_IGNORE; }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          uploadFile(f, f.name, { control: null })
            .then((u) => { onChange?.({ fileId: Number(u.fileId), name: f.name }); onSuccess?.(u); })
            .catch((e: Error) => onError?.(e));
        }}
      >
        <Button onClick={(e) => { if (value) { e.stopPropagation(); void message.warning(DOC_TEXT.oneFileOnly); } }}>选择文件</Button>
      </Upload>
      {value ? (
        <Space>
          <a href={filePreviewUrl(value.fileId)} target="_blank" rel="noreferrer">{value.name}</a>
          <Button type="link" size="small" onClick={() => onChange?.(null)}>移除</Button>
        </Space>
      ) : null}
    </Space>
  );
}

interface EditValues { classification: PickedNode[]; file: UploadedValue | null; tenantId?: string; blackList?: string[]; tags: PickedNode[] }

function DocDialog({ source, row, onClose }: { source: DocSource; row: DocRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const isPark = useSession().user.userType === 0;
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const tenants = useQuery({ queryKey: ['doc', 'tenants'], queryFn: tenantOptions, enabled: isPark && source !== DOC_SOURCE.personal });
  const black = useQuery({ queryKey: ['doc', 'black', row?.fileId], queryFn: () => docBlackList(row!.fileId), enabled: row !== null && source === DOC_SOURCE.share });
  const tenantId = Form.useWatch('tenantId', form) ?? (row?.tenantId ? String(row.tenantId) : undefined);
  const classification = Form.useWatch('classification', form) ?? [];
  const scope = { source, tenantId: source === DOC_SOURCE.enterprise ? tenantId : undefined };
  if (row && source === DOC_SOURCE.share && !black.data) return null;
  const labels = row?.fileLabel ? row.fileLabel.split(',') : [];
  const initial: Partial<EditValues> = row
    ? {
        classification: [{ id: row.classificationId, name: row.classification, parentId: null }],
        file: { fileId: row.fileId, name: row.originalName },
        tenantId: row.tenantId ? String(row.tenantId) : undefined,
        blackList: (black.data ?? []).map((b) => String(b.tenantId)),
        tags: row.fileLabelId ? row.fileLabelId.split(',').map((id, i) => ({ id: Number(id), name: labels[i] ?? '', parentId: null })) : [],
      }
    : { classification: [], file: null, tags: [], blackList: [] };
  const need = (msg: string) => ({ validator: (_: unknown, v: unknown) => (v && (!Array.isArray(v) || v.length) ? Promise.resolve() : Promise.reject(new Error(msg))) });
  return (
    <Modal
      open
      width={640}
      title={row ? '编辑' : '新增'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          const cls = v.classification[0]!;
          await saveDoc({
            source, fileExtendId: row?.fileExtendId, fileId: v.file!.fileId, oldFileId: row?.fileId,
            classification: cls.name, classificationId: cls.id, classificationParentId: cls.parentId,
            fileLabel: v.tags.map((t) => t.name).join(','), fileLabelId: v.tags.map((t) => t.id).join(','),
            ...(source === DOC_SOURCE.share ? { backList: v.blackList ?? [] } : {}),
            ...(source === DOC_SOURCE.enterprise && v.tenantId ? { tenantId: v.tenantId, tenantName: tenants.data?.find((x) => x.value === v.tenantId)?.label } : {}),
          });
          void message.success(DOC_TEXT.saved);
          await qc.invalidateQueries({ queryKey: docKeys.list(source) });
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" name="doc" initialValues={initial}>
        {source === DOC_SOURCE.enterprise && isPark ? (
          <Form.Item name="tenantId" label="所属企业（团队）" rules={[{ required: true, message: DOC_TEXT.tenantRequired }]}>
            <Select showSearch optionFilterProp="label" placeholder="请选择所属企业（团队）" disabled={row !== null} options={tenants.data ?? []} onChange={() => form.setFieldsValue({ classification: [], tags: [] })} />
          </Form.Item>
        ) : null}
        <Form.Item name="classification" label="分类" rules={[need(DOC_TEXT.classificationRequired)]}>
          <PickerField
            kind="classification" scope={scope} multiple={false} placeholder="选择文件分类"
            readOnly={!isPark && source === DOC_SOURCE.personal}
            disabledText={source === DOC_SOURCE.enterprise && isPark && !tenantId ? DOC_TEXT.tenantRequired : null}
          />
        </Form.Item>
        <Form.Item name="file" label={source === DOC_SOURCE.share ? '选择共享文件' : '选择文件'} rules={[need(DOC_TEXT.fileRequired)]} extra={`只能上传1个文件，且不超过${DOC_FILE_MAX_MB}M`}>
          <FileField />
        </Form.Item>
        {source === DOC_SOURCE.share ? (
          <Form.Item name="blackList" label="不可见企业">
            <Select mode="multiple" allowClear showSearch optionFilterProp="label" placeholder="请选择不可见企业" options={tenants.data ?? []} />
          </Form.Item>
        ) : null}
        <Form.Item name="tags" label="标签">
          <PickerField kind="tag" scope={scope} multiple placeholder="选择标签" readOnly={!isPark && source === DOC_SOURCE.personal} disabledText={classification.length ? null : DOC_TEXT.classificationFirst} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface FilterValues { originalName?: string; classification?: PickedNode[]; fileType?: string; range?: [Dayjs, Dayjs] | null; tenantId?: string; realName?: string }

/** One library's list. `manage` false: read only (the park's look at 个人文件夹, a user's look at the others). */
export function DocLibrary({ source, manage, title }: { source: DocSource; manage: boolean; title?: string }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const paging = usePaging();
  const isPark = useSession().user.userType === 0;
  const [query, setQuery] = useState<DocQuery>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DocRow | null | undefined>(undefined);
  const [form] = Form.useForm<FilterValues>();
  const filterTenant = Form.useWatch('tenantId', form);
  const tenants = useQuery({ queryKey: ['doc', 'tenants'], queryFn: tenantOptions, enabled: isPark && source !== DOC_SOURCE.share });
  const list = useQuery({
    queryKey: [...docKeys.list(source), paging.pageNum, paging.pageSize, query],
    queryFn: () => listDocs(source, paging.pageNum, paging.pageSize, query),
    placeholderData: keepPreviousData,
  });
  const withTenant = isPark && source !== DOC_SOURCE.share;
  const columns: TableColumnsType<DocRow> = [
    { title: '分类', dataIndex: 'classification' },
    { title: '文件名称', dataIndex: 'originalName', render: (n: string, r) => <a href={filePreviewUrl(r.fileId)} target="_blank" rel="noreferrer">{n}</a> },
    { title: '文件类型', dataIndex: 'fileType' },
    { title: '上传时间', dataIndex: 'uploadTime', render: when },
    source === DOC_SOURCE.personal ? { title: '所属个人姓名', dataIndex: 'realName' } : { title: '上传人', dataIndex: 'realName', render: (n: string | null, r) => n ?? r.userName },
    ...(source === DOC_SOURCE.enterprise ? [{ title: '企业（团队）名称', dataIndex: 'tenantName' }] : []),
    ...(source === DOC_SOURCE.personal && isPark ? [{ title: '个人所属企业（团队）名称', dataIndex: 'tenantName' }] : []),
    { title: '标签', dataIndex: 'fileLabel', render: (t: string) => (t ? t.split(',').map((x) => <Tag key={x}>{x}</Tag>) : null) },
    {
      title: '操作',
      render: (_, r) => (
        <Space>
          {manage ? <a onClick={() => setEditing(r)}>编辑</a> : null}
          <a href={filePreviewUrl(r.fileId)} target="_blank" rel="noreferrer">预览</a>
          <a href={fileDownloadUrl(r.fileId)}>下载</a>
        </Space>
      ),
    },
  ];
  const remove = () => {
    if (!selected.length) { void message.warning(DOC_TEXT.deleteNone); return; }
    modal.confirm({
      title: '提示', content: DOC_TEXT.deleteConfirm, okText: '确定', cancelText: '取消',
      onOk: async () => { await deleteDocs(selected); void message.success(DOC_TEXT.deleted); setSelected([]); await qc.invalidateQueries({ queryKey: docKeys.list(source) }); },
    });
  };
  const treeScope = { source, tenantId: source === DOC_SOURCE.enterprise ? filterTenant : undefined };
  const body = (
    <>
      <Form
        form={form}
        layout="inline"
        name={`doc-query-${source}`}
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          paging.reset();
          setQuery({
            originalName: v.originalName || undefined, classificationId: v.classification?.[0]?.id, fileType: v.fileType || undefined,
            bt: v.range?.[0]?.startOf('day').toISOString(), et: v.range?.[1]?.endOf('day').toISOString(), tenantId: v.tenantId, realName: v.realName || undefined,
          });
        }}
      >
        {withTenant ? (
          <Form.Item name="tenantId" label={source === DOC_SOURCE.personal ? '个人所属企业（团队）名称' : '企业（团队）'}>
            <Select allowClear showSearch optionFilterProp="label" style={{ width: 180 }} placeholder="请选择租户" options={tenants.data ?? []} />
          </Form.Item>
        ) : null}
        {source === DOC_SOURCE.personal && isPark ? <Form.Item name="realName" label="个人姓名"><Input allowClear placeholder="请输入" /></Form.Item> : null}
        <Form.Item name="originalName" label="文件名称"><Input allowClear placeholder="请输入文件名称" /></Form.Item>
        <Form.Item name="classification" label="分类"><PickerField kind="classification" scope={treeScope} multiple={false} readOnly placeholder="选择文件分类" /></Form.Item>
        <Form.Item name="fileType" label="文件类型"><Input allowClear style={{ width: 120 }} placeholder="如 pdf" /></Form.Item>
        <Form.Item name="range" label="上传时间"><DatePicker.RangePicker /></Form.Item>
        <FilterActions onReset={() => { form.resetFields(); paging.reset(); setQuery({}); }} />
      </Form>
      <Table
        rowKey="fileExtendId"
        loading={list.isFetching}
        dataSource={list.data?.datas ?? []}
        columns={columns}
        locale={tableLocale}
        rowSelection={manage ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(Number)) } : undefined}
        pagination={tablePagination(paging, list.data?.totalCount ?? 0)}
      />
      {editing !== undefined ? <DocDialog source={source} row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
  return (
    <ListPage
      title={title ?? DOC_SOURCE_LABEL[source]}
      extra={manage ? <Space><Button danger onClick={remove}>删除</Button><Button type="primary" onClick={() => setEditing(null)}>新增</Button></Space> : null}
    >
      {body}
    </ListPage>
  );
}

export const ShareDocPage = () => <DocLibrary source={DOC_SOURCE.share} manage />;
export const EnterpriseDocPage = () => <DocLibrary source={DOC_SOURCE.enterprise} manage />;
export const PersonalDocPage = () => <DocLibrary source={DOC_SOURCE.personal} manage={false} />;
