import { useState } from 'react';
import { Button, Card, Empty, Input, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DicType } from '@park/core';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { deleteDicType, keys, listDicType } from '../api.ts';
import '../system.css';
import { EntryPanel } from './EntryPanel.tsx';
import { TypeDialog } from './TypeDialog.tsx';
import { useDeleteInUse } from './useDeleteInUse.ts';

export function DictManagePage() {
  const queryClient = useQueryClient();
  const deleteInUse = useDeleteInUse();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [wd, setWd] = useState('');
  const [selected, setSelected] = useState<DicType | null>(null);
  const [editing, setEditing] = useState<{ type: DicType | null } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...keys.dicTypes, pageNum, pageSize, wd],
    queryFn: ({ signal }) => listDicType({ pageNum, pageSize, wd: wd || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<DicType> = [
    { title: '类型名称', dataIndex: 'typeName', ellipsis: true },
    { title: '编码', dataIndex: 'typeCode', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_v, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={(e) => (e.stopPropagation(), setEditing({ type: t }))}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={(e) => {
              e.stopPropagation();
              deleteInUse(
                `将删除字典类型「${t.typeName}」及其全部字典项。`,
                (force) => deleteDicType(t.id, force, { silent: true }),
                async () => {
                  if (selected?.id === t.id) setSelected(null);
                  await queryClient.invalidateQueries({ queryKey: keys.dicTypes });
                },
              );
            }}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-split">
      <Card
        title="字典类型"
        variant="borderless"
        className="admin-split-side admin-side-card dict-types"
        style={{ flexBasis: 400 }}
        extra={
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ type: null })}>
            新增
          </Button>
        }
      >
        <Input.Search
          allowClear
          placeholder="名称或编码"
          style={{ marginBottom: 12 }}
          onSearch={(v) => {
            setWd(v.trim());
            paging.reset();
          }}
        />
        <PagedTable<DicType>
          rowKey="id"
          size="small"
          columns={columns}
          page={data}
          loading={isFetching}
          rowClassName={(t) => (t.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(t) => ({ onClick: () => setSelected(t), style: { cursor: 'pointer' } })}
          paging={paging}
          pagination={{ showSizeChanger: false, size: 'small' }}
        />
      </Card>
      <div className="admin-split-main">
        {selected ? (
          <EntryPanel key={selected.id} type={selected} />
        ) : (
          <ListPage title="字典项">
            <Empty description="请在左侧选择一个字典类型" />
          </ListPage>
        )}
      </div>
      {editing && <TypeDialog type={editing.type} onClose={() => setEditing(null)} />}
    </div>
  );
}
