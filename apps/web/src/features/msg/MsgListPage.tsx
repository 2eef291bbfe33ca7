import { useState } from 'react';
import { App, Badge, Button, Segmented, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { MSG_BIG_TYPE_LABEL, MSG_SMALL_TYPE_LABEL } from '@park/core';
import { CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { COUNTER_QUERY_ROOT } from '../../lib/counterKeys.ts';
import { markMessagesRead, MSG_QUERY_ROOT, queryMessages, type Message, type ReadStatus } from './api.ts';
import './msg.css';

type Filter = 'all' | ReadStatus;

const FILTER_OPTIONS: { label: string; value: Filter }[] = [
  { label: '全部', value: 'all' },
  { label: '未读', value: '0' },
  { label: '已读', value: '1' },
];

const BIG_TYPE_OPTIONS = [
  { label: '全部类别', value: 'all' },
  ...Object.entries(MSG_BIG_TYPE_LABEL).map(([value, label]) => ({ label, value })),
];

const isUnread = (m: Message) => Number(m.status) === 0;

/** A message carrying a file (自动报表's Excel or picture): its id and name from params. */
function attachmentOf(m: Message): { fileId: number; fileName: string } | null {
  try {
    const p = m.params ? (JSON.parse(m.params) as { fileId?: unknown; fileName?: unknown }) : null;
    return p && Number.isInteger(p.fileId) ? { fileId: Number(p.fileId), fileName: String(p.fileName ?? '附件') } : null;
  } catch {
    return null;
  }
}

export function MsgListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [filter, setFilter] = useState<Filter>('all');
  const [bigType, setBigType] = useState<string>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const readStatus = filter === 'all' ? undefined : filter;
  const kind = bigType === 'all' ? undefined : Number(bigType);

  const { data, isFetching } = useQuery({
    queryKey: [...MSG_QUERY_ROOT, 'list', readStatus ?? 'all', bigType, pageNum, pageSize],
    queryFn: ({ signal }) => queryMessages(pageNum, pageSize, readStatus, kind, signal),
    placeholderData: keepPreviousData,
  });

  const markRead = useMutation({
    mutationFn: markMessagesRead,
    onSuccess: async (_void, ids) => {
      setSelected((keys) => keys.filter((k) => !ids.includes(k)));
      void message.success('已标为已读');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MSG_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: [...COUNTER_QUERY_ROOT, 'msg'] }),
      ]);
    },
  });

  const openMessage = (m: Message) => {
    // A message about a task or record opens it (issue 20); others show their text.
    if (m.menuUrl && m.menuUrl.startsWith('/')) {
      if (isUnread(m)) markRead.mutate([m.msgId]);
      void navigate(m.menuUrl);
      return;
    }
    modal.info({
      title: m.msgName,
      content: <div className="msg-content">{m.msgContent || '（无内容）'}</div>,
      okText: '关闭',
      width: 560,
    });
    if (isUnread(m)) markRead.mutate([m.msgId]);
  };

  const columns: TableColumnsType<Message> = [
    {
      title: '标题',
      dataIndex: 'msgName',
      ellipsis: true,
      render: (title: string, m) => (
        <Space size={8}>
          {isUnread(m) && <Badge status="error" />}
          <Button
            type="link"
            className={isUnread(m) ? 'msg-title msg-title-unread' : 'msg-title'}
            onClick={() => openMessage(m)}
          >
            {title}
          </Button>
        </Space>
      ),
    },
    {
      title: '内容',
      dataIndex: 'msgContent',
      ellipsis: true,
      render: (v: string | null) => v || '-',
    },
    {
      title: '类型',
      dataIndex: 'bigType',
      width: 180,
      render: (_v, m) => (
        <Space size={4}>
          <Tag>{MSG_BIG_TYPE_LABEL[m.bigType] ?? `类别${m.bigType}`}</Tag>
          {m.smallType > 0 && <Tag color="blue">{MSG_SMALL_TYPE_LABEL[m.smallType] ?? m.smallType}</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (_v, m) => (isUnread(m) ? <Tag color="error">未读</Tag> : <Tag color="default">已读</Tag>),
    },
    { title: '时间', dataIndex: 'createTime', width: 190, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 190,
      render: (_v, m) => {
        const file = attachmentOf(m);
        return (
          <Space size={0}>
            {file && (
              <Button type="link" size="small" href={`/api/file/download/${file.fileId}`} aria-label={`下载附件 ${file.fileName}`}>
                下载附件
              </Button>
            )}
            {isUnread(m) && (
              <Button type="link" size="small" onClick={() => markRead.mutate([m.msgId])} disabled={markRead.isPending}>
                标为已读
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const pagination = tablePagination(paging, data?.total ?? 0);

  return (
    <ListPage title="消息中心">
      <div className="list-toolbar">
        <Space>
          <Segmented<Filter>
            options={FILTER_OPTIONS}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setSelected([]);
              paging.reset();
            }}
          />
          <Select
            aria-label="消息类别"
            style={{ width: 140 }}
            options={BIG_TYPE_OPTIONS}
            value={bigType}
            onChange={(value) => {
              setBigType(value);
              setSelected([]);
              paging.reset();
            }}
          />
        </Space>
        <Space>
          {selected.length > 0 && <span className="list-selection">已选 {selected.length} 条</span>}
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden="true" />}
            disabled={selected.length === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(selected)}
          >
            全部标为已读
          </Button>
        </Space>
      </div>
      <Table<Message>
        rowKey="msgId"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          // Only unread messages can be marked; read ones are not selectable.
          getCheckboxProps: (m) => ({ disabled: !isUnread(m) }),
        }}
        pagination={{
          ...pagination,
          onChange: (page, size) => {
            setSelected([]);
            paging.setPage(page, size);
          },
        }}
      />
    </ListPage>
  );
}
