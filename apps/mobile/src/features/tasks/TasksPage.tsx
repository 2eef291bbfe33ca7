import { ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Tabs } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useRetryOnReconnect } from '../../lib/useRetry.ts';
import { PAGE_SIZE, queryTaskCards, TASKS_QUERY_ROOT, type TaskTab } from './api.ts';
import { ApproveStatusTag } from './StatusTag.tsx';
import './tasks.css';

const TABS: Array<{ key: TaskTab; title: string; empty: string }> = [
  { key: 'todo', title: '待办', empty: '暂无待办' },
  { key: 'done', title: '已办', empty: '暂无已办' },
  { key: 'started', title: '我发起的', empty: '暂无发起的审批' },
];

function TaskList({ tab, empty }: { tab: TaskTab; empty: string }) {
  const navigate = useNavigate();
  const q = useInfiniteQuery({
    queryKey: [...TASKS_QUERY_ROOT, 'mobile', tab],
    queryFn: ({ pageParam, signal }) => queryTaskCards(tab, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined),
    staleTime: 0,
  });
  useRetryOnReconnect(() => void q.refetch());
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <PullToRefresh onRefresh={async () => void (await q.refetch())} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
      {q.isSuccess && rows.length === 0 ? (
        <ErrorBlock status="empty" title={empty} description="" />
      ) : (
        <List className="m-task-list">
          {rows.map((r) => (
            <List.Item
              key={r.key}
              arrowIcon={r.pid !== null}
              onClick={r.pid !== null ? () => void navigate(`/task/${r.pid}${tab === 'todo' ? '' : '?view=1'}`) : undefined}
              description={
                <div className="m-task-lines">
                  {r.lines.map(([k, v]) => (
                    <span key={k}>
                      {k}：{v}
                    </span>
                  ))}
                </div>
              }
              extra={<ApproveStatusTag status={r.approveStatus} />}
            >
              <div className="m-task-title">{r.title}</div>
              {r.formName && <div className="m-task-form">{r.formName}</div>}
            </List.Item>
          ))}
        </List>
      )}
      {/* The scroll asks for the next page; after a network error it waits for 重试 rather than looping. */}
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
  );
}

/** 待办 / 已办 / 我发起的 (the desktop's 待办事项 lists), each scrolled page by page and pulled to refresh. */
export function TasksPage() {
  const [params, setParams] = useSearchParams();
  const active = (TABS.find((t) => t.key === params.get('tab'))?.key ?? 'todo') as TaskTab;
  return (
    <div className="m-page">
      <NavBar back={null} className="m-navbar">
        审批
      </NavBar>
      <Tabs activeKey={active} onChange={(k) => setParams({ tab: k }, { replace: true })} className="m-tabs">
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title}>
            {active === t.key && <TaskList tab={t.key} empty={t.empty} />}
          </Tabs.Tab>
        ))}
      </Tabs>
    </div>
  );
}
