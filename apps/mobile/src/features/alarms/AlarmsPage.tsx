import { useState } from 'react';
import { Button, ErrorBlock, InfiniteScroll, NavBar, PullToRefresh, Tabs, Tag, TextArea, Toast, Popup } from 'antd-mobile';
import { ALARM_LEVEL_COLORS } from '@park/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ALARM_COMPONENT, useMenuComponents } from '../../lib/menus.ts';
import { useRetryOnReconnect } from '../../lib/useRetry.ts';
import { ALARM_QUERY_ROOT, dispose, warnList, type AlarmRow } from './api.ts';
import './alarms.css';

/** The server's limit on 处置情况 (modules/park/alarmDisposal.service.ts). */
const DISPOSAL_MAX = 500;
const PAGE_SIZE = 20;

function DisposeSheet({ alarm, onClose }: { alarm: AlarmRow | null; onClose: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const save = async () => {
    if (!alarm) return;
    if (!text.trim()) return setError('请填写处置情况');
    setSaving(true);
    try {
      await dispose(alarm.id, text.trim());
      Toast.show({ icon: 'success', content: '处置成功' });
      await client.invalidateQueries({ queryKey: ALARM_QUERY_ROOT });
      close();
    } catch {
      // The http client has shown the server's reason (e.g. already handled by someone else).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible={alarm !== null} onMaskClick={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {alarm && (
        <div className="m-sheet">
          <div className="m-sheet-title">处置报警</div>
          <div className="m-alarm-summary">
            <Tag color={ALARM_LEVEL_COLORS[alarm.alarmLevel]}>{alarm.alarmLevelName}</Tag> {alarm.alarmTypeName} · {alarm.alarmTime}
            <div>{alarm.content}</div>
          </div>
          <label htmlFor="m-disposal">处置情况</label>
          <TextArea
            id="m-disposal"
            aria-label="处置情况"
            rows={3}
            maxLength={DISPOSAL_MAX}
            showCount
            value={text}
            onChange={(v) => {
              setText(v);
              setError(null);
            }}
            placeholder="请填写处置情况，如：已通知驾驶员驶离禁行区域"
          />
          {error && (
            <div className="m-error" role="alert">
              {error}
            </div>
          )}
          <div className="m-sheet-buttons">
            <Button onClick={close}>取消</Button>
            <Button color="primary" loading={saving} onClick={() => void save()}>
              确认处置
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/** 园区报警 (the desktop's 报警处置): 未处置 / 已处置, newest first; 处置 for users whose menus grant it (the server checks park:alarm). */
export function AlarmsPage() {
  const navigate = useNavigate();
  const [handled, setHandled] = useState<0 | 1>(0);
  const [disposing, setDisposing] = useState<AlarmRow | null>(null);
  const canDispose = useMenuComponents()?.has(ALARM_COMPONENT) ?? false;
  const q = useInfiniteQuery({
    queryKey: [...ALARM_QUERY_ROOT, 'list', handled],
    queryFn: ({ pageParam, signal }) => warnList({ pageNum: pageParam, pageSize: PAGE_SIZE, handled }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined),
    staleTime: 0,
    refetchInterval: 30_000,
  });
  useRetryOnReconnect(() => void q.refetch());
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="m-page">
      <NavBar onBack={() => void navigate(-1)} className="m-navbar">
        园区报警
      </NavBar>
      <Tabs activeKey={String(handled)} onChange={(k) => setHandled(k === '1' ? 1 : 0)} className="m-tabs">
        <Tabs.Tab key="0" title="未处置" />
        <Tabs.Tab key="1" title="已处置" />
      </Tabs>
      <PullToRefresh onRefresh={async () => void (await q.refetch())} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
        {q.isSuccess && rows.length === 0 && <ErrorBlock status="empty" title={handled ? '暂无已处置的报警' : '暂无待处置的报警'} description="" />}
        {rows.map((a) => (
          <article key={a.id} className="m-alarm-card" style={{ borderLeftColor: ALARM_LEVEL_COLORS[a.alarmLevel] }} data-testid={`alarm-${a.id}`}>
            <div className="m-alarm-top">
              <Tag color={ALARM_LEVEL_COLORS[a.alarmLevel]}>{a.alarmLevelName}</Tag>
              <span className="m-alarm-type">{a.alarmTypeName}</span>
              <span className="m-alarm-time">{a.alarmTime}</span>
            </div>
            <div className="m-alarm-content">{a.content}</div>
            <div className="m-alarm-meta">
              {[a.plate, a.companyName, [a.roadName, a.zoneName].filter(Boolean).join(' / '), a.deviceName].filter(Boolean).join(' · ') || '-'}
            </div>
            {a.handled === 1 ? (
              <div className="m-alarm-disposal">
                {a.handledName ?? ''} {a.handledTime ?? ''}：{a.disposal ?? ''}
              </div>
            ) : (
              canDispose && (
                <div className="m-alarm-actions">
                  <Button size="small" color="danger" onClick={() => setDisposing(a)}>
                    处置
                  </Button>
                </div>
              )
            )}
          </article>
        ))}
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
      <DisposeSheet alarm={disposing} onClose={() => setDisposing(null)} />
    </div>
  );
}
