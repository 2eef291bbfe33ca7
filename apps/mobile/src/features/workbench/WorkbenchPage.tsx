import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge, ErrorBlock, Grid } from '../../lib/firstUi.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/http.ts';
import { showToast } from '../../lib/toast.ts';
import { LazyPullToRefresh } from '../../lib/LazyPullToRefresh.tsx';
import { useSession } from '../../lib/session.tsx';
import { PageLoading } from '../../lib/PageLoading.tsx';
import { useRetryOnReconnect } from '../../lib/useRetry.ts';
import { ALARM_COMPONENT, useMenuComponents } from '../../lib/menus.ts';
import { COUNTER_QUERY_ROOT, badgeContent, useCounter } from '../counters/counters.ts';
import { ALARM_QUERY_ROOT, useUnhandledAlarms } from '../alarms/api.ts';
import { myWorkbench, WORKBENCH_QUERY_KEY } from './api.ts';
import { NOTICE_QUERY_ROOT, useNoticeUnread } from '../notices/api.ts';
import { AppIcon } from './AppIcon.tsx';
import { functionRoute, groupViews, phoneFunctions, quickApps, type PlacedApp } from './tree.ts';
import './workbench.css';

const FunctionSheet = lazy(() => import('./FunctionSheet.tsx').then((m) => ({ default: m.FunctionSheet })));

function greeting(now = new Date()): string {
  const h = now.getHours();
  return h < 6 ? '凌晨好' : h < 12 ? '上午好' : h < 14 ? '中午好' : h < 18 ? '下午好' : '晚上好';
}

function AppCell({ placed, onOpen }: { placed: PlacedApp; onOpen: (p: PlacedApp) => void }) {
  return (
    <button type="button" className="m-app-cell" onClick={() => onOpen(placed)} data-testid={`app-${placed.app.appName}`}>
      <AppIcon iconName={placed.app.iconName} colour={placed.app.iconBgColor} name={placed.name} />
      <span className="m-app-name">{placed.name}</span>
    </button>
  );
}

/**
 * 工作台 (issue 37): the counters of 待办 and 未读消息, 快捷应用, then each group's apps. An app
 * with one function opens it; with several, a sheet offers them.
 */
export function WorkbenchPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const tree = useQuery({ queryKey: WORKBENCH_QUERY_KEY, queryFn: ({ signal }) => myWorkbench(signal) });
  const waitDone = useCounter('waitDone');
  const unread = useCounter('msg');
  const noticeUnread = useNoticeUnread();
  const canSeeAlarms = useMenuComponents()?.has(ALARM_COMPONENT) ?? false;
  const alarms = useUnhandledAlarms(canSeeAlarms);
  const [choosing, setChoosing] = useState<PlacedApp | null>(null);
  // Mounted from the first tap on an app with several functions, then kept, so it can animate closed.
  const [sheetWanted, setSheetWanted] = useState(false);
  const groups = useMemo(() => groupViews(tree.data ?? []), [tree.data]);
  const quick = useMemo(() => quickApps(tree.data ?? []), [tree.data]);
  const refresh = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: WORKBENCH_QUERY_KEY }), client.invalidateQueries({ queryKey: COUNTER_QUERY_ROOT }), client.invalidateQueries({ queryKey: ALARM_QUERY_ROOT }), client.invalidateQueries({ queryKey: NOTICE_QUERY_ROOT })]);
  };
  useRetryOnReconnect(() => void refresh());

  const go = (route: string | null) => {
    if (route) void navigate(route);
    else showToast({ content: '该功能请在电脑端使用' });
  };
  const open = (p: PlacedApp) => {
    const fns = phoneFunctions(p.app);
    if (fns.length === 1) go(functionRoute(fns[0]!));
    else {
      setSheetWanted(true);
      setChoosing(p);
    }
  };

  return (
    <div className="m-workbench" data-testid="workbench">
      <LazyPullToRefresh onRefresh={refresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
        <header className="m-wb-header">
          <div className="m-wb-hello">
            {greeting()}，{user.realName || user.username}
          </div>
          <div className="m-wb-counters">
            <button type="button" className="m-wb-counter" onClick={() => void navigate('/tasks')} data-testid="counter-todo">
              <Badge content={badgeContent(waitDone)}>
                <span className="m-wb-counter-value">{waitDone ?? '-'}</span>
              </Badge>
              <span className="m-wb-counter-label">我的待办</span>
            </button>
            <button type="button" className="m-wb-counter" onClick={() => void navigate('/messages')} data-testid="counter-msg">
              <span className="m-wb-counter-value">{unread ?? '-'}</span>
              <span className="m-wb-counter-label">未读消息</span>
            </button>
            <button type="button" className="m-wb-counter" onClick={() => void navigate('/notices')} data-testid="counter-notice">
              <Badge content={badgeContent(noticeUnread)}>
                <span className="m-wb-counter-value">{noticeUnread ?? '-'}</span>
              </Badge>
              <span className="m-wb-counter-label">公告</span>
            </button>
            {canSeeAlarms && (
              <button type="button" className="m-wb-counter" onClick={() => void navigate('/alarms')} data-testid="counter-alarm">
                <span className="m-wb-counter-value">{alarms ?? '-'}</span>
                <span className="m-wb-counter-label">待处置报警</span>
              </button>
            )}
          </div>
        </header>
        {tree.isPending && <PageLoading text="工作台加载中" />}
        {tree.isError && !tree.data && <ErrorBlock status="default" title="工作台加载失败" description={`${errorMessage(tree.error, '后台请求错误')}，请下拉刷新重试`} />}
        {quick.length > 0 && (
          <section className="m-wb-card" aria-label="快捷应用">
            <h2 className="m-wb-title">快捷应用</h2>
            <Grid columns={4} gap={8}>
              {quick.map((p) => (
                <Grid.Item key={`q-${p.nodeId}`}>
                  <AppCell placed={p} onOpen={open} />
                </Grid.Item>
              ))}
            </Grid>
          </section>
        )}
        {groups.map((g) => (
          <section key={g.id} className="m-wb-card" aria-label={g.title}>
            <h2 className="m-wb-title">{g.title}</h2>
            {g.sections.map((s) => (
              <div key={s.id} className="m-wb-section">
                {s.title && <h3 className="m-wb-subtitle">{s.title}</h3>}
                <Grid columns={4} gap={8}>
                  {s.apps.map((p) => (
                    <Grid.Item key={p.nodeId}>
                      <AppCell placed={p} onOpen={open} />
                    </Grid.Item>
                  ))}
                </Grid>
              </div>
            ))}
          </section>
        ))}
        {tree.data && groups.length === 0 && quick.length === 0 && <ErrorBlock status="empty" title="暂无可用应用" description="请联系管理员在工作台中为您添加应用" />}
      </LazyPullToRefresh>
      {sheetWanted && (
        <Suspense fallback={null}>
          <FunctionSheet app={choosing} onChoose={(fn) => go(functionRoute(fn))} onClose={() => setChoosing(null)} />
        </Suspense>
      )}
    </div>
  );
}
