import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_ADMIN_TEXT,
  COMPANY_STATUS_TEXT,
  type CompanyAdminItem,
  type CompanyStatus,
} from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage } from '../../lib/ListPage.tsx';
import { PagedTable } from '../../lib/PagedTable.tsx';
import { usePaging } from '../../lib/paging.ts';
import { settled } from '../system/common.tsx';
import { checkCompany, companyKeys, deleteCompanyInfo, queryAllCheckCompanyInfo, updateCompanyInfo } from './api.ts';
import { CompanyFields, type CompanyFormValues } from './CompanyFields.tsx';
import { CompanyUsersDialog } from './CompanyUsersDialog.tsx';
import './company.css';

const STATUS_COLOR: Record<CompanyStatus, string> = { '0': 'processing', '1': 'success', '2': 'error', '3': 'default' };

export function CompanyStatusTag({ status }: { status: CompanyStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{COMPANY_STATUS_TEXT[status]}</Tag>;
}

type TabKey = CompanyStatus | 'all';
const TABS: Array<{ key: TabKey; label: string }> = [
  { key: '0', label: '待审核' },
  { key: '1', label: '审核通过' },
  { key: '2', label: '审核不通过' },
  { key: '3', label: '已作废' },
  { key: 'all', label: '全部' },
];

/** A reason asked for before rejecting (required) or voiding (optional). */
function ReasonDialog({
  title,
  hint,
  required,
  okText,
  danger,
  onCancel,
  onOk,
}: {
  title: string;
  hint: string;
  required: boolean;
  okText: string;
  danger?: boolean;
  onCancel(): void;
  onOk(reason: string): Promise<boolean>;
}) {
  const dialog = useReasonSave(onOk, onCancel);
  return (
    <EditModal
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      {...dialog}
      intro={<p className="admin-hint">{hint}</p>}
      layout="vertical"
    >
      <Form.Item
        label={required ? '不通过原因' : '作废原因'}
        name="reason"
        rules={required ? [{ required: true, whitespace: true, message: COMPANY_ADMIN_TEXT.rejectReasonRequired }] : []}
      >
        <Input.TextArea rows={4} maxLength={200} showCount placeholder={required ? '请输入审核不通过的原因，将以短信和站内消息告知企业' : '选填'} />
      </Form.Item>
    </EditModal>
  );
}

/**
 * The reason dialog's save: its callers show their own message and refresh, and say whether the
 * call went through (a refusal has been shown already); only then does the dialog close.
 */
function useReasonSave(onOk: (reason: string) => Promise<boolean>, onClose: () => void) {
  const [form] = Form.useForm<{ reason: string }>();
  const save = useMutation({
    mutationFn: ({ reason }: { reason?: string }) => onOk(reason?.trim() ?? ''),
    onSuccess: (ok) => {
      if (ok) onClose();
    },
  });
  return { form, save, onClose };
}

function EditCompanyDialog({ company, onClose }: { company: CompanyAdminItem; onClose(): void }) {
  const dialog = useEditDialog({
    save: (v: CompanyFormValues) =>
      updateCompanyInfo({
        id: company.id,
        companyName: v.companyName.trim(),
        administrativeAreaCode: v.administrativeAreaCode,
        address: v.address.trim(),
        lat: v.lat || null,
        lnt: v.lnt || null,
        industryCode: v.industryCode,
        industyType: v.industyType,
        economicTypeCode: v.economicTypeCode || null,
      }),
    onClose,
    refresh: [companyKeys.list],
  });
  return (
    <EditModal<CompanyFormValues>
      title={`编辑企业信息 — ${company.companyName}`}
      width={880}
      {...dialog}
      layout="vertical"
      validateTrigger="onBlur"
      name="companyEdit"
      initialValues={{
        companyName: company.companyName,
        companyCode: company.companyCode,
        administrativeAreaCode: company.administrativeAreaCode ?? '',
        administrativeAreaName: company.administrativeAreaName ?? '',
        address: company.address ?? '',
        lat: company.lat ?? '',
        lnt: company.lnt ?? '',
        industryCode: company.industryCode ?? '',
        industryName: company.industryName ?? '',
        industyType: company.industyType ?? undefined,
        economicTypeCode: company.economicTypeCode ?? undefined,
      }}
    >
      <CompanyFields form={dialog.form} mode="edit" />
    </EditModal>
  );
}

function CompanyDetail({ company, onClose }: { company: CompanyAdminItem; onClose(): void }) {
  const dash = (v: string | null | undefined) => v || '-';
  return (
    <Drawer open title="企业详情" size={560} onClose={onClose}>
      <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="企业名称">{company.companyName}</Descriptions.Item>
        <Descriptions.Item label="组织机构代码">{company.companyCode}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <CompanyStatusTag status={company.status} />
        </Descriptions.Item>
        <Descriptions.Item label="行政区划">{dash(company.administrativeAreaName)}</Descriptions.Item>
        <Descriptions.Item label="详细地址">{dash(company.address)}</Descriptions.Item>
        <Descriptions.Item label="经纬度">{company.lat && company.lnt ? `${company.lat}, ${company.lnt}` : '-'}</Descriptions.Item>
        <Descriptions.Item label="行业名称">{dash(company.industryName)}</Descriptions.Item>
        <Descriptions.Item label="行业类别">{dash(company.industyType)}</Descriptions.Item>
        <Descriptions.Item label="经济类型">{dash(company.economicTypeName)}</Descriptions.Item>
        <Descriptions.Item label="管理员账号">{dash(company.adminUsername)}</Descriptions.Item>
        <Descriptions.Item label="联系人">{dash(company.adminRealName)}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{dash(company.adminPhone)}</Descriptions.Item>
        <Descriptions.Item label="用户数">{company.userCount}</Descriptions.Item>
        <Descriptions.Item label="注册时间">{company.createTime}</Descriptions.Item>
        <Descriptions.Item label="审核时间">{dash(company.checkedTime)}</Descriptions.Item>
        <Descriptions.Item label="审核人">{dash(company.checkedByName)}</Descriptions.Item>
        <Descriptions.Item label="原因">{dash(company.checkReason)}</Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}

type Dialog =
  | { kind: 'reject' | 'void' | 'edit' | 'detail' | 'users'; company: CompanyAdminItem }
  | null;

/**
 * 企业管理 (issue 6, route /system/company): registered companies by status, with search.
 * 通过 and 不通过 only for 待审核; 作废 and 用户管理 only for 审核通过. The server enforces the same.
 */
export function CompanyManagePage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [tab, setTab] = useState<TabKey>('0');
  const [companyName, setCompanyName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const type = tab === 'all' ? undefined : tab;

  const { data, isFetching } = useQuery({
    queryKey: [...companyKeys.list, { type, companyName, pageNum, pageSize }],
    queryFn: ({ signal }) => queryAllCheckCompanyInfo({ type, companyName: companyName || undefined, pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.list });

  const approve = (c: CompanyAdminItem) => {
    modal.confirm({
      title: COMPANY_ADMIN_TEXT.approveConfirm,
      content: `企业「${c.companyName}」审核通过后即可使用账号 ${c.companyCode} 登录，并将收到短信通知。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (await settled(() => checkCompany(c.id, '1'))) void message.success(COMPANY_ADMIN_TEXT.approved);
        await refresh();
      },
    });
  };

  const columns: TableColumnsType<CompanyAdminItem> = [
    {
      title: '企业名称',
      dataIndex: 'companyName',
      width: 200,
      ellipsis: { showTitle: false },
      render: (v: string, c) => (
        <Typography.Link title={v} onClick={() => setDialog({ kind: 'detail', company: c })}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '组织机构代码', dataIndex: 'companyCode', width: 175 },
    { title: '行政区划', dataIndex: 'administrativeAreaName', width: 130, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '行业名称', dataIndex: 'industryName', width: 140, ellipsis: true, render: (v: string | null) => v || '-' },
    {
      title: '联系人',
      key: 'contact',
      width: 140,
      ellipsis: true,
      render: (_v, c) => (c.adminRealName ? `${c.adminRealName}${c.adminPhone ? ` ${c.adminPhone}` : ''}` : '-'),
    },
    // Each status has its tab; the column is only needed when they are mixed.
    ...(tab === 'all' ? [{ title: '状态', dataIndex: 'status', width: 100, render: (v: CompanyStatus) => <CompanyStatusTag status={v} /> }] : []),
    { title: '注册时间', dataIndex: 'createTime', width: 160 },
    ...(tab === '0'
      ? []
      : [
          {
            title: tab === '1' ? '审核时间' : '原因',
            key: 'check',
            width: 160,
            ellipsis: true,
            render: (_v: unknown, c: CompanyAdminItem) =>
              c.status === '2' || c.status === '3' ? <span className="company-detail-reason">{c.checkReason || '-'}</span> : (c.checkedTime ?? '-'),
          },
        ]),
    {
      title: '操作',
      key: 'action',
      width: 180,
      fixed: 'right',
      render: (_v, c) => (
        <Space size={0} wrap>
          {c.status === '0' && (
            <>
              <Button type="link" size="small" onClick={() => approve(c)}>
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'reject', company: c })}>
                不通过
              </Button>
            </>
          )}
          {c.status === '1' && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'users', company: c })}>
              用户管理
            </Button>
          )}
          {c.status !== '3' && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', company: c })}>
              编辑
            </Button>
          )}
          {c.status === '1' && (
            <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'void', company: c })}>
              作废
            </Button>
          )}
          {c.status === '3' && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'detail', company: c })}>
              详情
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const tableWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);

  return (
    <ListPage title="企业管理">
      <Tabs
        className="company-status-tabs"
        activeKey={tab}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        onChange={(key) => {
          setTab(key as TabKey);
          paging.reset();
        }}
      />
      <div className="list-toolbar">
        <div className="admin-filter">
          <Input.Search
            allowClear
            placeholder="企业名称或组织机构代码"
            enterButton={<SearchOutlined aria-label="搜索" />}
            style={{ width: 300 }}
            onSearch={(value) => {
              setCompanyName(value.trim());
              paging.reset();
            }}
          />
        </div>
      </div>
      <PagedTable<CompanyAdminItem>
        rowKey="id"
        size="middle"
        columns={columns}
        page={data}
        loading={isFetching}
        scroll={{ x: tableWidth }}
        paging={paging}
      />
      {dialog?.kind === 'reject' && (
        <ReasonDialog
          title={`审核不通过 — ${dialog.company.companyName}`}
          hint="企业将收到短信和站内消息，登录时也会看到此原因。"
          required
          okText="确定"
          danger
          onCancel={() => setDialog(null)}
          onOk={async (reason) => {
            const ok = await settled(() => checkCompany(dialog.company.id, '2', reason));
            if (ok) void message.success(COMPANY_ADMIN_TEXT.rejected);
            await refresh();
            return ok;
          }}
        />
      )}
      {dialog?.kind === 'void' && (
        <ReasonDialog
          title={`作废企业 — ${dialog.company.companyName}`}
          hint={COMPANY_ADMIN_TEXT.voidContent}
          required={false}
          okText="作废"
          danger
          onCancel={() => setDialog(null)}
          onOk={async (reason) => {
            const ok = await settled(() => deleteCompanyInfo(dialog.company.id, reason));
            if (ok) void message.success(COMPANY_ADMIN_TEXT.voidedDone);
            await refresh();
            return ok;
          }}
        />
      )}
      {dialog?.kind === 'edit' && <EditCompanyDialog company={dialog.company} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'detail' && <CompanyDetail company={dialog.company} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'users' && <CompanyUsersDialog company={dialog.company} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
