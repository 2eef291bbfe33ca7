import { useState } from 'react';
import { Badge, Button, Dialog, ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Tabs, Tag, Toast } from 'antd-mobile';
import { MSG_BIG_TYPE_LABEL, type SelfMessage } from '@park/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useRetryOnReconnect } from '../../lib/useRetry.ts';
import { COUNTER_QUERY_ROOT } from '../counters/counters.ts';
import { markMessagesRead, messageRoute, MSG_PAGE_SIZE, MSG_QUERY_ROOT, queryMessages } from './api.ts';
import './messages.css';

type Filter = 'all' | '0' | '1';
const isUnread = (m: SelfMessage) => Number(m.status) === 0;

/** 消息: all / 未读 / 已读, newest first; opening one marks it read; 全部已读 marks the loaded unread ones. */
export function MessagesPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useInfiniteQuery({
    queryKey: [...MSG_QUERY_ROOT, 'mobile', filter],
    queryFn: ({ pageParam, signal }) => queryMessages(pageParam, filter === 'all' ? undefined : filter, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * MSG_PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined),
    staleTime: 0,
  });
  useRetryOnReconnect(() => void q.refetch());
  const markRead = useMutation({
    mutationFn: markMessagesRead,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: MSG_QUERY_ROOT }), client.invalidateQueries({ queryKey: [...COUNTER_QUERY_ROOT, 'msg'] })]);
    },
  });
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const unreadIds = rows.filter(isUnread).map((m) => m.msgId);

  const open = (m: SelfMessage) => {
    if (isUnread(m)) markRead.mutate([m.msgId]);
    const route = messageRoute(m);
    if (route) return void navigate(route);
    void Dialog.alert({ title: m.msgName, content: <div className="m-msg-content">{m.msgContent || '（无内容）'}</div>, confirmText: '关闭' });
  };

  return (
    <div className="m-page">
      <NavBar
        back={null}
        className="m-navbar"
        right={
          <Button
            size="mini"
            fill="none"
            color="primary"
            disabled={unreadIds.length === 0 || markRead.isPending}
            onClick={() => markRead.mutate(unreadIds, { onSuccess: () => Toast.show({ icon: 'success', content: '已标为已读' }) })}
          >
            全部已读
          </Button>
        }
      >
        消息
      </NavBar>
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as Filter)} className="m-tabs">
        <Tabs.Tab key="all" title="全部" />
        <Tabs.Tab key="0" title="未读" />
        <Tabs.Tab key="1" title="已读" />
      </Tabs>
      <PullToRefresh onRefresh={async () => void (await q.refetch())} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
        {q.isSuccess && rows.length === 0 ? (
          <ErrorBlock status="empty" title="暂无消息" description="" />
        ) : (
          <List>
            {rows.map((m) => (
              <List.Item
                key={m.msgId}
                onClick={() => open(m)}
                prefix={isUnread(m) ? <Badge content={Badge.dot} /> : <span className="m-msg-dot-space" />}
                description={
                  <div className="m-msg-desc">
                    {m.msgContent && <div className="m-msg-text">{m.msgContent}</div>}
                    <span>{m.createTime}</span>
                  </div>
                }
                extra={<Tag fill="outline">{MSG_BIG_TYPE_LABEL[m.bigType] ?? `类别${m.bigType}`}</Tag>}
                data-testid={`msg-${m.msgId}`}
              >
                <span className={isUnread(m) ? 'm-msg-title m-msg-unread' : 'm-msg-title'}>{m.msgName}</span>
              </List.Item>
            ))}
          </List>
        )}
        <InfiniteScroll
          hasMore={q.hasNextPage !== false && !q.isError}
          loadMore={async () => {
            if (q.isFetching) return;
            await (q.data ? q.fetchNextPage() : q.refetch());
          }}
        >
          {(hasMore) => (hasMore ? <span>加载中…</span> : rows.length > 0 ? <span>没有更多了</span> : null)}
        </InfiniteScroll>
      </PullToRefresh>
    </div>
  );
}
