import { createElement, forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, App, Button, Input, Select, Space, Tag, Tooltip } from 'antd';
import {
  AimOutlined,
  AudioOutlined,
  DownloadOutlined,
  SoundOutlined,
  CameraOutlined,
  CloseOutlined,
  FullscreenOutlined,
  StopOutlined,
  VideoCameraAddOutlined,
} from '@ant-design/icons';
import {
  browserClass,
  BROWSER_STREAM_KIND_OF,
  divisionFor,
  FORMAT_OF_KIND,
  MAX_WINDOWS,
  OSD_DEFAULTS,
  parseDateTime,
  PLUGIN_DEFAULT_CONNECT_TIME,
  pluginUpdateOffered,
  streamTypeFor,
  TALK_DEFAULTS,
  VIDEO_TEXT,
  type PluginPush,
} from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { startPlayback, startTalk, startVideo, streamAddress } from './api.ts';
import { WindowTracker, browserOffset } from './dhplayer/WindowTracker.ts';
import type { BrowserVideoHandle } from './browserPlayer.ts';
import { BROWSER_PLAYERS } from './browserPlayers.ts';
import { usePlugin } from './usePlugin.ts';
import type { Cell, WallCamera, WallRequest } from './wallTypes.ts';
import dayjs from 'dayjs';

export interface VideoWallHandle {
  /** Playback: moves to this time (seconds since the epoch). */
  seek(seconds: number): void;
}

export interface VideoWallProps {
  request: WallRequest | null;
  /** Full screen, snapshot, local recording, division, OSD and talk (spec 002 §2: optional). */
  controlBar?: boolean;
  /** Where the banner's download link leads, and the plug-in version the platform expects. */
  player: { url: string; version: string } | null;
}

const DIVISIONS = [1, 4, 9, 16].filter((d) => d <= MAX_WINDOWS);
type Mode = 'waiting' | 'plugin' | 'browser';

/**
 * The embeddable wall: a square grid of windows played by the DHPlayer plug-in (its native window
 * placed over the grid), or, without the plug-in, by the browser for cameras that offer HLS or FLV.
 */
export const VideoWall = forwardRef<VideoWallHandle, VideoWallProps>(function VideoWall({ request, controlBar = true, player }, ref) {
  const { message } = App.useApp();
  const [division, setDivision] = useState(1);
  const [cells, setCells] = useState<Array<Cell | null>>([null]);
  const [selected, setSelected] = useState(0);
  const [recording, setRecording] = useState<Set<number>>(new Set());
  const [talking, setTalking] = useState<number | null>(null);
  const [osdText, setOsdText] = useState('');
  const [bannerClosed, setBannerClosed] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const videos = useRef(new Map<number, BrowserVideoHandle>());
  const cellsRef = useRef(cells);
  cellsRef.current = cells;
  const playbackAddr = useRef<{ url: string; token: string } | null>(null);
  const [audio, setAudio] = useState<Set<number>>(new Set());
  const [ivs, setIvs] = useState<Set<number>>(new Set());
  const requestRef = useRef(request);
  requestRef.current = request;

  const onEvent = useCallback(
    (push: PluginPush) => {
      const snum = Number(push.info.snum);
      switch (push.method) {
        case 'event.snapicFinished':
          message.success(VIDEO_TEXT.snapshotSaved(String(push.info.path)));
          break;
        case 'event.localRecordFinished':
          message.success(VIDEO_TEXT.localRecordSaved(String(push.info.path)));
          break;
        case 'event.seek':
          message.info(`已定位到 ${dayjs.unix(Number(push.info.seekTime)).format('YYYY-MM-DD HH:mm:ss')}`);
          break;
        case 'event.videoClosed':
          setCells((cs) => cs.map((c, i) => (i === snum && c ? { ...c, status: 'closed' } : c)));
          break;
        case 'event.talkClosed':
          setTalking(null);
          break;
        case 'event.windowSelect':
        case 'event.windowClick':
          if (Number.isInteger(snum)) setSelected(snum);
          break;
        case 'event.divisionChange':
          resize(Number(push.info.division));
          break;
        case 'event.replay':
          setCells((cs) => cs.map((c, i) => (i === snum && c ? { ...c, status: 'playing' } : c)));
          break;
      }
    },
    [message],
  );
  const { client, status } = usePlugin(onEvent);

  const mode: Mode =
    status.state === 'success' || (status.state === 'pending' && status.code === 1002)
      ? 'plugin'
      : status.state === 'failed' || status.state === 'closed'
        ? 'browser'
        : 'waiting';

  // The code of each plug-in state change, said once (1002 while reconnecting, 1001 when closed).
  const lastCode = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (status.code === lastCode.current && status.state !== 'success') return;
    const was = lastCode.current;
    lastCode.current = status.code;
    if (status.code === 1002) message.warning({ key: 'plugin', content: `${VIDEO_TEXT.pluginMessages[1002]}（错误码 1002）` });
    else if (status.code === 1001) message.error({ key: 'plugin', content: `${VIDEO_TEXT.pluginMessages[1001]}（错误码 1001）` });
    else if (status.state === 'success' && was === 1002) message.success({ key: 'plugin', content: '已重新连接视频播放插件' });
  }, [status, message]);

  function resize(next: number) {
    setDivision(next);
    setCells((cs) => Array.from({ length: next }, (_, i) => cs[i] ?? null));
  }

  const setCell = (snum: number, patch: Partial<Cell>) =>
    setCells((cs) => cs.map((c, i) => (i === snum && c ? { ...c, ...patch } : c)));

  // The plug-in's window: created on each (re)connection, then kept over the grid by the tracker.
  const tracker = useRef<WindowTracker | null>(null);
  const windowReady = useRef<Promise<boolean> | null>(null);
  const ensureWindow = useCallback(async (): Promise<boolean> => {
    if (!client || !gridRef.current || client.state !== 'success') return false;
    if (client.session) return true;
    windowReady.current ??= (async () => {
      tracker.current ??= new WindowTracker(gridRef.current!, client);
      try {
        const reply = await client.request('window.create', {
          rect: tracker.current.rect(),
          browserOffset: browserOffset(),
          division: cellsRef.current.length,
          showBar: controlBar,
          connectTime: PLUGIN_DEFAULT_CONNECT_TIME,
          browserType: browserClass(navigator.userAgent),
        });
        client.session = String(reply.session ?? '');
        tracker.current.reset();
        if (!client.session) return false;
        // The plug-in's own toolbar follows the wall's, and windows may be dragged to swap places.
        const quiet = () => undefined;
        await client.request('video.setToolBarShow', { show: controlBar }).catch(quiet);
        await client.request('window.enableDrag', { enable: true }).catch(quiet);
        return true;
      } catch {
        return false;
      } finally {
        windowReady.current = null;
      }
    })();
    return windowReady.current;
  }, [client, controlBar]);

  useEffect(() => {
    if (!client) return;
    const t = gridRef.current ? new WindowTracker(gridRef.current, client) : null;
    tracker.current = t;
    t?.start();
    return () => {
      t?.stop();
      if (client.session) void client.request('window.destroy').catch(() => undefined);
    };
  }, [client]);

  useEffect(() => {
    if (status.state === 'success') void ensureWindow();
  }, [status.connection, status.state, ensureWindow]);

  // A new request lays out the grid at once (state adjusted while rendering, not in an effect).
  const [shownKey, setShownKey] = useState<number | null>(null);
  if (request && request.key !== shownKey) {
    const layout = layoutOf(request);
    setShownKey(request.key);
    setDivision(layout.division);
    setSelected(0);
    setRecording(new Set());
    setCells(layout.cells);
  }

  // Plays what the page asked for, and again after a reconnection (the plug-in forgot everything).
  useEffect(() => {
    if (!request || mode === 'waiting') return;
    let cancelled = false;
    const { cameras: cams, division: div, cells: fresh } = layoutOf(request);

    void (async () => {
      if (mode === 'plugin') {
        if (!(await ensureWindow()) || cancelled || !client) return;
        await client.request('video.close', {}).catch(() => undefined);
        await client.request('video.division.change', { division: div }).catch(() => undefined);
      }
      if (cancelled) return;
      setCells(fresh);
      await Promise.all(
        cams.map(async (cam, snum) => {
          try {
            if (mode === 'plugin') await playInPlugin(cam, snum, cams.length);
            else await playInBrowser(cam, snum, cams.length);
          } catch (err) {
            if (!cancelled) setCell(snum, { status: 'error', message: errorMessage(err, '打开失败') });
          }
        }),
      );
    })();
    return () => {
      cancelled = true;
    };
    // Re-run on a new request, a change of mode, or a new plug-in connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, mode, status.connection]);

  async function playInPlugin(cam: WallCamera, snum: number, n: number) {
    const req = requestRef.current!;
    if (req.kind === 'live') {
      const streamType = streamTypeFor(n);
      const addr = await startVideo(cam.channelId, streamType);
      await client!.request('video.realmonitor', {
        snum,
        channelId: cam.channelId,
        url: addr.url,
        token: addr.token,
        streamType,
        dataType: 1,
        redirect: addr.redirect,
      });
      setCell(snum, { status: 'playing' });
    } else {
      const addr = await startPlayback(cam.channelId, req.startTime, req.endTime);
      playbackAddr.current = addr;
      await client!.request('video.playback', {
        snum,
        channelId: cam.channelId,
        url: addr.url,
        token: addr.token,
        startTime: parseDateTime(req.startTime),
        endTime: parseDateTime(req.endTime),
        playStartTime: parseDateTime(req.startTime),
        playEndTime: parseDateTime(req.endTime),
        streamType: 1,
        dataType: 1,
        redirect: addr.redirect,
        records: req.records,
      });
    }
  }

  async function playInBrowser(cam: WallCamera, snum: number, n: number) {
    const req = requestRef.current!;
    const kinds = cam.browserFormat ? BROWSER_STREAM_KIND_OF[cam.browserFormat] : null;
    const kind = req.kind === 'live' ? kinds?.live : kinds?.record;
    if (!kind) {
      setCell(snum, { status: 'needsPlugin', message: VIDEO_TEXT.needsPlugin });
      return;
    }
    const addr =
      req.kind === 'live'
        ? await streamAddress(kind, cam.channelId, streamTypeFor(n))
        : await streamAddress(kind, cam.channelId, 1, { startTime: req.startTime, endTime: req.endTime });
    setCell(snum, { status: 'playing', stream: { url: addr.url.split('|')[0]!, format: FORMAT_OF_KIND[kind], live: req.kind === 'live' } });
  }

  useImperativeHandle(ref, () => ({
    seek(seconds: number) {
      const req = requestRef.current;
      if (!req || req.kind !== 'playback') return;
      if (mode === 'plugin') {
        void client?.request('video.playbackChangeState', { snum: 0, seekTime: seconds }).catch(() => message.error('定位失败'));
        return;
      }
      const video = videos.current.get(0)?.video;
      const start = parseDateTime(req.startTime) ?? seconds;
      if (video) video.currentTime = Math.max(0, Math.min(seconds - start, Number.isFinite(video.duration) ? video.duration : seconds - start));
      message.info(`已定位到 ${dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss')}`);
    },
  }));

  const playing = (snum: number) => cells[snum]?.status === 'playing';
  const pluginCall = (method: Parameters<NonNullable<typeof client>['request']>[0], info: Record<string, unknown>, failText: string) =>
    client!.request(method, info).catch((err: unknown) => {
      message.error(`${failText}（${err instanceof Error ? err.message : ''}）`);
      throw err;
    });

  function closeWindow(snum: number) {
    if (mode === 'plugin') void pluginCall('video.close', { snum }, '关闭失败').catch(() => undefined);
    if (recording.has(snum)) setRecording((r) => new Set([...r].filter((x) => x !== snum)));
    setCells((cs) => cs.map((c, i) => (i === snum ? null : c)));
  }

  function changeDivision(next: number) {
    if (mode === 'plugin') {
      for (let s = next; s < cells.length; s++) if (cells[s]) void client?.request('video.close', { snum: s }).catch(() => undefined);
      void pluginCall('video.division.change', { division: next }, '画面分割失败').catch(() => undefined);
    }
    resize(next);
  }

  function fullScreen() {
    if (mode === 'plugin') void pluginCall('video.fullScreen', {}, '全屏失败').catch(() => undefined);
    else void gridRef.current?.requestFullscreen?.().catch(() => message.error('浏览器不允许全屏'));
  }

  function snapshot() {
    if (!playing(selected)) return void message.warning('请先选择正在播放的画面');
    if (mode === 'plugin') return void pluginCall('video.snapic', { snum: selected }, '抓图失败').catch(() => undefined);
    const video = videos.current.get(selected)?.video;
    if (!video || video.videoWidth === 0) return void message.warning('画面尚未开始播放');
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    const a = document.createElement('a');
    a.download = `抓图_${cells[selected]?.camera.name ?? ''}_${dayjs().format('YYYYMMDDHHmmss')}.png`;
    a.href = canvas.toDataURL('image/png');
    a.click();
    message.success('抓图已下载');
  }

  function toggleRecord() {
    if (!playing(selected)) return void message.warning('请先选择正在播放的画面');
    const start = !recording.has(selected);
    void pluginCall('video.localRecord', { snum: selected, start }, start ? '开始录像失败' : '停止录像失败')
      .then(() => {
        setRecording((r) => {
          const next = new Set(r);
          if (start) next.add(selected);
          else next.delete(selected);
          return next;
        });
        if (start) message.info('正在本地录像');
      })
      .catch(() => undefined);
  }

  /** Sound and intelligent-rule overlays are per window, switched in the plug-in. */
  function toggleIn(set: Set<number>, update: (s: Set<number>) => void, method: 'video.enableAudio' | 'video.enableIvs', label: string) {
    if (!playing(selected)) return void message.warning('请先选择正在播放的画面');
    const enable = !set.has(selected);
    void pluginCall(method, { snum: selected, enable }, `${label}失败`)
      .then(() => {
        const next = new Set(set);
        if (enable) next.add(selected);
        else next.delete(selected);
        update(next);
      })
      .catch(() => undefined);
  }

  function downloadRecording() {
    const req = requestRef.current;
    if (!req || req.kind !== 'playback' || !playbackAddr.current) return void message.warning('请先查询录像');
    void pluginCall(
      'video.downloadByTime',
      {
        snum: 0,
        channelId: req.camera.channelId,
        url: playbackAddr.current.url,
        token: playbackAddr.current.token,
        startTime: parseDateTime(req.startTime),
        endTime: parseDateTime(req.endTime),
      },
      '下载录像失败',
    )
      .then((data) => message.success(`录像已下载到 ${String(data.path ?? '')}`))
      .catch(() => undefined);
  }

  function applyOsd() {
    if (!playing(selected)) return void message.warning('请先选择正在播放的画面');
    if (mode === 'plugin') {
      void pluginCall('video.setOSDInfo', { ...OSD_DEFAULTS, snum: selected, osdInfo: osdText }, '设置叠加文字失败')
        .then(() => message.success('叠加文字已设置'))
        .catch(() => undefined);
    } else {
      setCell(selected, { osd: osdText });
    }
  }

  async function toggleTalk() {
    const cell = cells[selected];
    if (talking !== null) {
      await pluginCall('video.closetalk', { snum: talking }, '结束对讲失败').catch(() => undefined);
      setTalking(null);
      return;
    }
    if (!cell || !playing(selected)) return void message.warning('请先选择正在播放的画面');
    try {
      const addr = await startTalk(cell.camera.channelId);
      await pluginCall('video.starttalk', { snum: selected, channelId: cell.camera.channelId, url: addr.url, token: addr.token, ...TALK_DEFAULTS }, '对讲失败');
      setTalking(selected);
      message.info(`正在与「${cell.camera.name}」对讲`);
    } catch {
      /* already said */
    }
  }

  function select(snum: number) {
    setSelected(snum);
    if (mode === 'plugin') void client?.request('window.select', { snum }).catch(() => undefined);
  }

  function launchPlugin() {
    client?.launch();
    message.info({ key: 'plugin', content: '正在启动视频播放插件，启动后自动连接' });
  }

  const side = Math.round(Math.sqrt(division));
  const notInstalled = status.state === 'failed';
  const upgrade = status.state === 'success' && player !== null && pluginUpdateOffered(player.version, status.version);
  const pluginOnly = mode !== 'plugin';

  return (
    <div className="video-wall" data-mode={mode}>
      {!bannerClosed && (notInstalled || upgrade) && (
        <Alert
          className="video-wall-banner"
          type="warning"
          showIcon
          closable={{ onClose: () => setBannerClosed(true) }}
          title={
            notInstalled
              ? `${VIDEO_TEXT.pluginMessages[status.code === 1005 ? 1005 : 1000]}（错误码 ${status.code ?? 1000}）`
              : `视频播放插件有新版本 ${player?.version}（当前 ${status.version}），请下载升级`
          }
          description={notInstalled ? '未安装插件时，支持浏览器直接播放的摄像头仍可在页面中观看；其余画面需要安装插件。' : undefined}
          action={
            <Space>
              {/* Installed but not running: opening DHPlayer:// starts it; only on this click (ADR 0028). */}
              {notInstalled && status.code !== 1005 && (
                <Button size="small" onClick={launchPlugin}>
                  启动插件
                </Button>
              )}
              <a className="ant-btn ant-btn-primary ant-btn-sm" href={player?.url || '/download/DHPlayer.zip'}>
                {notInstalled ? '下载插件' : '下载升级'}
              </a>
            </Space>
          }
        />
      )}
      {controlBar && (
        <div className="video-wall-bar" role="toolbar" aria-label="视频控制栏">
          <Space wrap>
            <PluginTag state={status.state} code={status.code} port={status.port} />
            <Button icon={<FullscreenOutlined />} onClick={fullScreen}>全屏</Button>
            <Button icon={<CameraOutlined />} onClick={snapshot}>抓图</Button>
            <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>
              <Button icon={recording.has(selected) ? <StopOutlined /> : <VideoCameraAddOutlined />} disabled={pluginOnly} onClick={toggleRecord} danger={recording.has(selected)}>
                {recording.has(selected) ? '停止录像' : '本地录像'}
              </Button>
            </Tooltip>
            <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>
              <Button icon={<SoundOutlined />} disabled={pluginOnly} onClick={() => toggleIn(audio, setAudio, 'video.enableAudio', '声音')}>
                {audio.has(selected) ? '关闭声音' : '打开声音'}
              </Button>
            </Tooltip>
            <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>
              <Button icon={<AimOutlined />} disabled={pluginOnly} onClick={() => toggleIn(ivs, setIvs, 'video.enableIvs', '智能规则')}>
                {ivs.has(selected) ? '隐藏智能规则' : '显示智能规则'}
              </Button>
            </Tooltip>
            {request?.kind === 'playback' && (
              <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>
                <Button icon={<DownloadOutlined />} disabled={pluginOnly} onClick={downloadRecording}>
                  下载录像
                </Button>
              </Tooltip>
            )}
            <span>
              画面分割{' '}
              <Select aria-label="画面分割" value={division} style={{ width: 90 }} onChange={changeDivision} options={DIVISIONS.map((d) => ({ value: d, label: `${d} 画面` }))} />
            </span>
            <Space.Compact>
              <Input aria-label="叠加文字" placeholder="叠加文字" value={osdText} maxLength={64} onChange={(e) => setOsdText(e.target.value)} style={{ width: 160 }} />
              <Button onClick={applyOsd}>设置</Button>
            </Space.Compact>
            <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>
              <Button icon={<AudioOutlined />} disabled={pluginOnly} onClick={() => void toggleTalk()}>
                {talking !== null ? '结束对讲' : '对讲'}
              </Button>
            </Tooltip>
          </Space>
        </div>
      )}
      <div
        ref={gridRef}
        className="video-grid"
        data-testid="video-grid"
        data-division={division}
        style={{ gridTemplateColumns: `repeat(${side}, 1fr)`, gridTemplateRows: `repeat(${side}, 1fr)` }}
      >
        {cells.map((cell, snum) => (
          <div
            key={snum}
            className={`video-cell${snum === selected ? ' video-cell-selected' : ''}`}
            data-testid="video-cell"
            data-snum={snum}
            data-status={cell?.status ?? 'empty'}
            onClick={() => select(snum)}
          >
            {cell?.stream && cell.status === 'playing' && mode === 'browser' &&
              // The player is picked by the stream's format (BROWSER_PLAYERS: hls.js for HLS, mpegts.js for FLV).
              createElement(BROWSER_PLAYERS[cell.stream.format], {
                ref: (h: BrowserVideoHandle | null) => {
                  if (h) videos.current.set(snum, h);
                  else videos.current.delete(snum);
                },
                url: cell.stream.url,
                live: cell.stream.live,
                title: cell.camera.name,
                onFail: (msg: string) => setCell(snum, { status: 'error', message: msg }),
              })}
            {cell?.osd && mode === 'browser' && <div className="video-cell-osd">{cell.osd}</div>}
            {cell?.status === 'playing' && mode === 'plugin' && <div className="video-cell-hint">画面由视频播放插件显示</div>}
            <div className="video-cell-label">
              <span>{cell ? cell.camera.name : `窗口 ${snum + 1}`}</span>
              {cell && cell.status !== 'playing' && <span className={`video-cell-state video-cell-state-${cell.status}`}>{cellText(cell, mode)}</span>}
              {recording.has(snum) && <Tag color="red">录像中</Tag>}
              {cell && (
                <Button
                  size="small"
                  type="text"
                  className="video-cell-close"
                  aria-label={`关闭${cell.camera.name}`}
                  icon={<CloseOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    closeWindow(snum);
                  }}
                />
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
});

/** The grid for a request: live cameras in a square of side ⌈√n⌉, playback in one window. */
function layoutOf(request: WallRequest): { cameras: WallCamera[]; division: number; cells: Array<Cell | null> } {
  const cameras = request.kind === 'live' ? request.cameras.slice(0, MAX_WINDOWS) : [request.camera];
  const division = request.kind === 'live' ? divisionFor(cameras.length) : 1;
  const cells = Array.from({ length: division }, (_, i): Cell | null => (cameras[i] ? { camera: cameras[i], status: 'loading' } : null));
  return { cameras, division, cells };
}

function cellText(cell: Cell, mode: Mode): string {
  if (cell.status === 'loading') return mode === 'waiting' ? '正在连接视频播放插件…' : '正在打开…';
  if (cell.status === 'closed') return '已关闭';
  return cell.message ?? '';
}

function PluginTag({ state, code, port }: { state: string; code: number | undefined; port: number | null }) {
  if (state === 'success') return <Tag color="green">插件已连接{port ? `（端口 ${port}）` : ''}</Tag>;
  if (state === 'pending') return <Tag color="orange">{code === 1002 ? '插件重连中' : '正在连接插件'}</Tag>;
  if (state === 'closed') return <Tag color="red">插件连接已关闭</Tag>;
  if (state === 'failed') return <Tag color="red">未检测到插件（浏览器播放）</Tag>;
  return <Tag>插件未连接</Tag>;
}
