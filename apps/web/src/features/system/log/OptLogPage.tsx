import { useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { OPTLOG_MODULES, type OptLogQuery, type OptLogRow, type OptResult } from '@park/core';
import { formatDateTime } from '../../../lib/format.ts';
import { FilterActions, ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { keys, listOptLog } from '../api.ts';
import '../system.css';

interface Filters {
  username?: string;
  module?: string;
  result?: OptResult;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

function toQuery(f: Filters): Omit<OptLogQuery, 'pageNum' | 'pageSize'> {
  return {
    username: f.username?.trim() || undefined,
    module: f.module || undefined,
    result: f.result,
    beginTime: f.range?.[0]?.format(FORMAT),
    endTime: f.range?.[1]?.format(FORMAT),
  };
}

export function OptLogPage() {
  const [form] = Form.useForm<Filters>();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [filters, setFilters] = useState<ReturnType<typeof toQuery>>({});
  const [detail, setDetail] = useState<OptLogRow | null>(null);

  const { data, isFetching } = useQuery({
    queryKey: [...keys.optlog, pageNum, pageSize, filters],
    queryFn: ({ signal }) => listOptLog({ pageNum, pageSize, ...filters }, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<OptLogRow> = [
    { title: '时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '操作人', dataIndex: 'username', width: 120, render: (v: string | null) => v || '-' },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v || '-' },
    { title: '模块', dataIndex: 'module', width: 100, render: (v: string | null) => v || '-' },
    { title: '操作', dataIndex: 'action', ellipsis: true },
    {
      title: '对象',
      key: 'target',
      width: 150,
      ellipsis: true,
      render: (_v, r) => (r.targetId ? `${r.targetType ?? ''}#${r.targetId}` : '-'),
    },
    {
      title: '结果',
      dataIndex: 'result',
      width: 90,
      render: (v: OptResult, r) =>
        v === 0 ? (
          <Tag color="success">成功</Tag>
        ) : (
          <Tooltip title={r.errMsg}>
            <Tag color="error">失败</Tag>
          </Tooltip>
        ),
    },
    {
      title: '详情',
      key: 'detail',
      width: 80,
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="操作日志">
      <Form<Filters>
        form={form}
        layout="inline"
        className="admin-filter list-toolbar"
        onFinish={(v) => {
          setFilters(toQuery(v));
          paging.reset();
        }}
      >
        <Form.Item name="username" label="操作人">
          <Input allowClear placeholder="用户名" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="module" label="模块">
          <Select allowClear placeholder="全部" style={{ width: 130 }} options={OPTLOG_MODULES.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="result" label="结果">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={[
              { value: 0, label: '成功' },
              { value: 1, label: '失败' },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker showTime format={FORMAT} placeholder={['开始时间', '结束时间']} style={{ width: 340 }} />
        </Form.Item>
        <FilterActions
          onReset={() => {
            setFilters({});
            paging.reset();
          }}
        />
      </Form>
      <p className="admin-hint">操作日志只能查询，不能修改或删除；超过保留天数（见“安全设置”）的记录由系统自动清理。</p>
      <PagedTable<OptLogRow>
        rowKey="id"
        size="middle"
        columns={columns}
        page={data}
        loading={isFetching}
        paging={paging}
        pagination={{
          showTotal: (count) =>
            data?.kind === 'capped' ? `超过 ${count} 条，请缩小查询条件` : data?.kind === 'estimate' ? `约 ${count} 条` : `共 ${count} 条`,
        }}
      />
      <Drawer open={detail !== null} title="操作详情" size={560} onClose={() => setDetail(null)}>
        {detail && (
          <>
            <p>
              {formatDateTime(detail.createTime)} · {detail.username ?? '-'} · {detail.ip ?? '-'}
            </p>
            <p>
              {detail.module ?? '-'} / {detail.action} {detail.result === 0 ? '（成功）' : `（失败：${detail.errMsg ?? ''}）`}
            </p>
            <pre className="optlog-detail">{detail.detail == null ? '（无）' : JSON.stringify(detail.detail, null, 2)}</pre>
          </>
        )}
      </Drawer>
    </ListPage>
  );
}
