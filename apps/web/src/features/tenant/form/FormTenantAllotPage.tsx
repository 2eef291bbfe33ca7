import { useState } from 'react';
import { Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AllotKind, PlatFormConfRow } from '@park/core';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../../lib/paging.ts';
import { AllotDialog } from './AllotDialog.tsx';
import { ALLOT_QUERY_ROOT, queryPlatFormConf } from './api.ts';
import './tenantForm.css';

/** 租户管理 › 表单分配 (FormTenantAllot, screens-round3 §1.2): the park's forms, each handed down or synced. */
export function FormTenantAllotPage() {
  const paging = usePaging();
  const [open, setOpen] = useState<{ form: PlatFormConfRow; kind: AllotKind } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...ALLOT_QUERY_ROOT, 'forms', paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => queryPlatFormConf(paging.pageNum, paging.pageSize, signal),
  });
  const columns: TableColumnsType<PlatFormConfRow> = [
    { title: '表单名称', dataIndex: 'formName' },
    { title: '组名', dataIndex: 'formGroup', width: 160 },
    { title: '状态', dataIndex: 'flag', width: 90, render: (v: number) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>) },
    { title: '类型', dataIndex: 'formType', width: 90, render: (v: number) => (v === 0 ? '表单' : '流程') },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'action',
      width: 210,
      render: (_v, form) => (
        <Space>
          <Button type="primary" size="small" onClick={() => setOpen({ form, kind: 'allot' })}>
            表单分配
          </Button>
          <Button size="small" className="tenant-allot-sync" onClick={() => setOpen({ form, kind: 'sync' })}>
            同步配置
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ListPage title="表单分配">
      <Table<PlatFormConfRow>
        rowKey="formId"
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching ? { tip: '拼命加载中..' } : false}
        locale={tableLocale}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
      {open && <AllotDialog form={open.form} kind={open.kind} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
