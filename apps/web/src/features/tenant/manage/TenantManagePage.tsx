import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Switch, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { TENANT_TEXT, type TenantRow } from '@park/core';
import { FilterActions, ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { settled } from '../../system/common.tsx';
import { changeTenantStatus, listTenant, TENANT_QUERY_ROOT, type TenantFilters } from './api.ts';
import { TenantDialog } from './TenantDialog.tsx';
import { WorkbenchEditor } from '../../micro/workbench/WorkbenchEditor.tsx';

interface FilterValues {
  tenantName?: string;
  industry?: string;
  phone?: string;
  status?: 0 | 1 | 'all';
}

function toFilters(v: FilterValues): TenantFilters {
  return {
    tenantName: v.tenantName?.trim() || undefined,
    industry: v.industry?.trim() || undefined,
    phone: v.phone?.trim() || undefined,
    status: v.status === 0 || v.status === 1 ? v.status : undefined,
  };
}


/**
 * 租户管理 › 租户信息 (TenantManage, screens-round3 §1.1): the park's tenants with search, 新增 and
 * 编辑 (the original's fields and rules), 启用/禁用 after a question, and 工作台.
 */
export function TenantManagePage() {
  // 工作台 (screens-round3 §1.1, §2.5): the park edits the chosen tenant's workbench in a dialog.
  const [workbenchOf, setWorkbenchOf] = useState<TenantRow | null>(null);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<TenantFilters>({});
  const [editing, setEditing] = useState<{ tenant: TenantRow | null } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...TENANT_QUERY_ROOT, 'list', filters, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listTenant(filters, paging.pageNum, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const toggle = (t: TenantRow, on: boolean) => {
    modal.confirm({
      title: on ? TENANT_TEXT.confirmEnable : TENANT_TEXT.confirmDisable,
      content: on ? `启用后，「${t.tenantName}」的用户可以重新登录。` : `禁用后，「${t.tenantName}」的用户将立即退出且不能登录。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: !on },
      onOk: async () => {
        // The switch flips only after the server has agreed: the list is read again.
        if (await settled(() => changeTenantStatus(t.id, on ? 1 : 0))) void message.success(on ? TENANT_TEXT.enabled : TENANT_TEXT.disabled);
        await queryClient.invalidateQueries({ queryKey: TENANT_QUERY_ROOT });
      },
    });
  };

  const columns: TableColumnsType<TenantRow> = [
    { title: '租户名称', dataIndex: 'tenantName', fixed: 'left', width: 200 },
    { title: '行业', dataIndex: 'industry', width: 140 },
    { title: '所在地', dataIndex: 'location', width: 180 },
    { title: '详细地址', dataIndex: 'address', width: 180, ellipsis: true },
    { title: '联系人姓名', dataIndex: 'contact', width: 110 },
    { title: '联系人手机号码', dataIndex: 'phone', width: 140 },
    { title: '联系人邮箱', dataIndex: 'email', width: 180, ellipsis: true },
    { title: '创建用户名', dataIndex: 'userName', width: 120 },
    { title: '最后修改用户名', dataIndex: 'lastUpdateUserName', width: 130 },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    { title: '最后修改时间', dataIndex: 'lastUpdateTime', width: 170 },
    {
      title: '启用状态',
      dataIndex: 'status',
      width: 100,
      fixed: 'right',
      render: (status: number, t) => (
        <Switch
          size="small"
          checked={status === 1}
          aria-label={`${t.tenantName} 启用状态`}
          onChange={(on) => toggle(t, on)}
        />
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 130,
      fixed: 'right',
      render: (_v, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ tenant: t })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setWorkbenchOf(t)}>
            工作台
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="租户信息">
      <Form<FilterValues>
        form={form}
        layout="inline"
        className="admin-filter list-toolbar"
        initialValues={{ status: 'all' }}
        onFinish={(v) => {
          setFilters(toFilters(v));
          paging.reset();
        }}
      >
        <Form.Item name="tenantName" label="租户名称">
          <Input allowClear placeholder="请输入租户名称" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="industry" label="行业">
          <Input allowClear placeholder="请输入行业" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="phone" label="联系人手机号码">
          <Input allowClear placeholder="请输入手机号码" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label="启用状态">
          <Select
            style={{ width: 110 }}
            options={[
              { value: 'all', label: '全部' },
              { value: 1, label: '已启用' },
              { value: 0, label: '已禁用' },
            ]}
          />
        </Form.Item>
        <FilterActions
          onReset={() => {
            setFilters({});
            paging.reset();
          }}
        >
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ tenant: null })}>
            新增
          </Button>
        </FilterActions>
      </Form>
      <PagedTable<TenantRow> rowKey="id" size="middle" columns={columns} page={data} loading={isFetching} paging={paging} scroll={{ x: 2000 }} />
      {editing && <TenantDialog tenant={editing.tenant} onClose={() => setEditing(null)} />}
      <Modal open={workbenchOf !== null} title={`工作台分组 - ${workbenchOf?.tenantName ?? ''}`} width="90%" footer={null} destroyOnHidden onCancel={() => setWorkbenchOf(null)}>
        {workbenchOf && <WorkbenchEditor tenantId={String(workbenchOf.id)} />}
      </Modal>
    </ListPage>
  );
}
