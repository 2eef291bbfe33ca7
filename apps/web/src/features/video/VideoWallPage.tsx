import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Empty, Space, Spin, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { checkPlaybackRange, VIDEO_TEXT, type RecordSegment } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { fetchCameraTree, fetchPlayerInfo, fetchRolesForGrants, queryRecords, videoKeys } from './api.ts';
import { GroupGrantsPanel } from './GroupGrantsPanel.tsx';
import { CameraTree, camerasOf } from './CameraTree.tsx';
import { RecordTimeline } from './RecordTimeline.tsx';
import { VideoWall, type VideoWallHandle } from './VideoWall.tsx';
import type { WallRequest } from './wallTypes.ts';
import { nextRequestKey, useLiveSelection } from './wall/useLiveSelection.ts';
import { DarkScreen } from '../../lib/DarkScreen.tsx';
import './video.css';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * 视频监控: cameras from the tree (or `?channelIds=a,b` from the park map) on a live wall, and
 * playback by time with the day's recordings on a timeline.
 */
export function VideoWallPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const tree = useQuery({ queryKey: videoKeys.tree, queryFn: fetchCameraTree, retry: false });
  const player = useQuery({ queryKey: videoKeys.playerInfo, queryFn: fetchPlayerInfo, retry: false });
  const roles = useQuery({ queryKey: ['video', 'grantRoles'], queryFn: fetchRolesForGrants, retry: false });
  const cameras = useMemo(() => camerasOf(tree.data ?? []), [tree.data]);
  const [tab, setTab] = useState<'live' | 'playback' | 'grants'>('live');
  const { checked, setChecked, liveRequest, openChecked } = useLiveSelection(cameras, params.get('channelIds'));

  // Playback
  const [camera, setCamera] = useState<string | null>(null);
  const [start, setStart] = useState<Dayjs | null>(() => dayjs().startOf('day'));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs().endOf('day').millisecond(0));
  const [records, setRecords] = useState<RecordSegment[] | null>(null);
  const [playRequest, setPlayRequest] = useState<WallRequest | null>(null);
  const [searching, setSearching] = useState(false);
  const wallRef = useRef<VideoWallHandle>(null);

  const search = async () => {
    if (!camera) return void message.warning('请先在左侧选择一个摄像头');
    const startTime = start?.format(FORMAT) ?? '';
    const endTime = end?.format(FORMAT) ?? '';
    const check = checkPlaybackRange(startTime, endTime);
    if (!check.ok) return void message.warning(check.message);
    setSearching(true);
    try {
      const found = await queryRecords(camera, startTime, endTime);
      setRecords(found);
      const cam = cameras.get(camera)!;
      if (found.length > 0) setPlayRequest({ kind: 'playback', camera: cam, startTime, endTime, records: found, key: nextRequestKey() });
    } catch {
      /* the http client said why */
    } finally {
      setSearching(false);
    }
  };

  if (tree.isError) {
    return <Alert type="error" showIcon title={errorMessage(tree.error, VIDEO_TEXT.gatewayUnavailable)} className="video-page-error" />;
  }

  const side = (
    <Card className="video-side" title="摄像头" size="small">
      {tree.isLoading ? (
        <Spin />
      ) : (tree.data ?? []).length === 0 ? (
        <Empty description="暂无可查看的摄像头" />
      ) : (
        <CameraTree
          tree={tree.data ?? []}
          mode={tab === 'live' ? 'check' : 'select'}
          checked={checked}
          onCheck={setChecked}
          selected={camera}
          onSelect={(id) => {
            setCamera(id);
            setRecords(null);
          }}
        />
      )}
    </Card>
  );

  return (
    <DarkScreen className="video-page">
      {side}
      <Card className="video-main" size="small">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'live' | 'playback' | 'grants')}
          destroyOnHidden
          items={[
            {
              key: 'live',
              label: '实时预览',
              children: (
                <div className="video-pane">
                  <Space className="video-pane-head">
                    <Button type="primary" onClick={openChecked}>
                      打开所选画面{checked.length > 0 ? `（${checked.length}）` : ''}
                    </Button>
                    <span className="video-hint">勾选摄像头后打开；4 路及以上使用辅码流。</span>
                  </Space>
                  <VideoWall request={liveRequest} player={player.data ?? null} />
                </div>
              ),
            },
            {
              key: 'playback',
              label: '录像回放',
              children: (
                <div className="video-pane video-pane-playback">
                  <Space className="video-pane-head" wrap>
                    <span>摄像头：{camera ? cameras.get(camera)?.name : '请在左侧选择'}</span>
                    <span>
                      开始时间{' '}
                      <DatePicker aria-label="开始时间" showTime format={FORMAT} value={start} onChange={setStart} allowClear={false} />
                    </span>
                    <span>
                      结束时间{' '}
                      <DatePicker aria-label="结束时间" showTime format={FORMAT} value={end} onChange={setEnd} allowClear={false} />
                    </span>
                    <Button type="primary" loading={searching} onClick={() => void search()}>
                      查询录像
                    </Button>
                  </Space>
                  {records && start && (
                    <RecordTimeline records={records} dayStart={start.startOf('day').unix()} onSeek={(s) => wallRef.current?.seek(s)} />
                  )}
                  <VideoWall ref={wallRef} request={playRequest} player={player.data ?? null} />
                </div>
              ),
            },
            ...(roles.data
              ? [{ key: 'grants', label: '摄像头授权', children: <GroupGrantsPanel tree={tree.data ?? []} roles={roles.data} /> }]
              : []),
          ]}
        />
      </Card>
    </DarkScreen>
  );
}
