import { useState } from 'react';
import { Input, Modal, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MicroApp } from '@park/core';
import { tableLocale } from '../../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../../lib/paging.ts';
import { listMicroApp, microKeys } from '../api.ts';
import { AppIcon, tagText } from '../parts.tsx';

/** 新建应用 (the original's AppList): tick micro-apps to place in the sub-group. */
export function AppPicker({ onOk, onClose }: { onOk: (apps: MicroApp[]) => void; onClose: () => void }) {
  const paging = usePaging();
  const [appName, setAppName] = useState('');
  const [picked, setPicked] = useState<MicroApp[]>([]);
  const { data, isFetching } = useQuery({
    queryKey: [...microKeys.apps, 'pick', appName, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listMicroApp(paging.pageNum, paging.pageSize, { appName: appName || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal open title="新建应用" width={720} okText="确定" cancelText="取消" onOk={() => onOk(picked)} onCancel={onClose} destroyOnHidden>
      <Input.Search placeholder="输入应用名称搜索" allowClear onSearch={(v) => { setAppName(v.trim()); paging.reset(); }} style={{ marginBottom: 12 }} />
      <Table<MicroApp>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.rows ?? []}
        locale={tableLocale}
        pagination={tablePagination(paging, data?.total ?? 0)}
        rowSelection={{ selectedRowKeys: picked.map((a) => a.id), preserveSelectedRowKeys: true, onChange: (_k, rows) => setPicked(rows.filter(Boolean)) }}
        columns={[
          {
            title: '应用名称',
            dataIndex: 'appName',
            render: (_v, a) => (
              <Space>
                <AppIcon iconName={a.iconName} color={a.iconBgColor} size={28} />
                {a.appName}
              </Space>
            ),
          },
          { title: '功能介绍', dataIndex: 'introduce', ellipsis: true },
          { title: '标签', dataIndex: 'tag', render: tagText },
        ]}
      />
    </Modal>
  );
}
