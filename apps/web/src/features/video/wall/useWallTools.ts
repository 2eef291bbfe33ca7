import { useState, type RefObject } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { OSD_DEFAULTS, parseDateTime, TALK_DEFAULTS, type PluginMethod } from '@park/core';
import { startTalk } from '../api.ts';
import type { BrowserVideoHandle } from '../browserPlayer.ts';
import type { DhPlayerClient } from '../dhplayer/DhPlayerClient.ts';
import type { Cell, WallRequest } from '../wallTypes.ts';
import type { WallMode } from './layout.ts';
import type { PlaybackAddress } from './playback.ts';

/** What the control bar's tools act on. */
export interface WallToolsContext {
  mode: WallMode;
  client: DhPlayerClient | null;
  cells: Array<Cell | null>;
  selected: number;
  request: () => WallRequest | null;
  playbackAddress: () => PlaybackAddress | null;
  gridRef: RefObject<HTMLDivElement | null>;
  videos: RefObject<Map<number, BrowserVideoHandle>>;
  setCell(snum: number, patch: Partial<Cell>): void;
  setCells(update: (cells: Array<Cell | null>) => Array<Cell | null>): void;
  resize(division: number): void;
}

/** The set with `x` in it or not. */
const toggled = (set: ReadonlySet<number>, x: number, keep: boolean) => {
  const next = new Set(set);
  if (keep) next.add(x);
  else next.delete(x);
  return next;
};

/**
 * The control bar's tools on the selected window — full screen, snapshot, local recording, sound,
 * intelligent rules, recording download, division, OSD text, talk — with the per-window switches
 * they keep. In the plug-in each is a call; in the browser those that can be done in the page are.
 */
export function useWallTools(w: WallToolsContext) {
  const { message } = App.useApp();
  const [recording, setRecording] = useState<Set<number>>(new Set());
  const [talking, setTalking] = useState<number | null>(null);
  const [osdText, setOsdText] = useState('');
  const [audio, setAudio] = useState<Set<number>>(new Set());
  const [ivs, setIvs] = useState<Set<number>>(new Set());
  const { selected, cells, mode, client } = w;

  const playing = (snum: number) => cells[snum]?.status === 'playing';
  const pluginCall = (method: PluginMethod, info: Record<string, unknown>, failText: string) =>
    client!.request(method, info).catch((err: unknown) => {
      message.error(`${failText}（${err instanceof Error ? err.message : ''}）`);
      throw err;
    });
  const notPlaying = () => void message.warning('请先选择正在播放的画面');

  function closeWindow(snum: number) {
    if (mode === 'plugin') void pluginCall('video.close', { snum }, '关闭失败').catch(() => undefined);
    if (recording.has(snum)) setRecording((r) => new Set([...r].filter((x) => x !== snum)));
    w.setCells((cs) => cs.map((c, i) => (i === snum ? null : c)));
  }

  function changeDivision(next: number) {
    if (mode === 'plugin') {
      for (let s = next; s < cells.length; s++) if (cells[s]) void client?.request('video.close', { snum: s }).catch(() => undefined);
      void pluginCall('video.division.change', { division: next }, '画面分割失败').catch(() => undefined);
    }
    w.resize(next);
  }

  function fullScreen() {
    if (mode === 'plugin') void pluginCall('video.fullScreen', {}, '全屏失败').catch(() => undefined);
    else void w.gridRef.current?.requestFullscreen?.().catch(() => message.error('浏览器不允许全屏'));
  }

  function snapshot() {
    if (!playing(selected)) return notPlaying();
    if (mode === 'plugin') return void pluginCall('video.snapic', { snum: selected }, '抓图失败').catch(() => undefined);
    const video = w.videos.current.get(selected)?.video;
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
    if (!playing(selected)) return notPlaying();
    const start = !recording.has(selected);
    void pluginCall('video.localRecord', { snum: selected, start }, start ? '开始录像失败' : '停止录像失败')
      .then(() => {
        setRecording((r) => toggled(r, selected, start));
        if (start) message.info('正在本地录像');
      })
      .catch(() => undefined);
  }

  /** Sound and intelligent-rule overlays are per window, switched in the plug-in. */
  function toggleIn(set: Set<number>, update: (s: Set<number>) => void, method: 'video.enableAudio' | 'video.enableIvs', label: string) {
    if (!playing(selected)) return notPlaying();
    const enable = !set.has(selected);
    void pluginCall(method, { snum: selected, enable }, `${label}失败`)
      .then(() => update(toggled(set, selected, enable)))
      .catch(() => undefined);
  }

  function downloadRecording() {
    const req = w.request();
    const addr = w.playbackAddress();
    if (!req || req.kind !== 'playback' || !addr) return void message.warning('请先查询录像');
    void pluginCall(
      'video.downloadByTime',
      {
        snum: 0,
        channelId: req.camera.channelId,
        url: addr.url,
        token: addr.token,
        startTime: parseDateTime(req.startTime),
        endTime: parseDateTime(req.endTime),
      },
      '下载录像失败',
    )
      .then((data) => message.success(`录像已下载到 ${String(data.path ?? '')}`))
      .catch(() => undefined);
  }

  function applyOsd() {
    if (!playing(selected)) return notPlaying();
    if (mode === 'plugin') {
      void pluginCall('video.setOSDInfo', { ...OSD_DEFAULTS, snum: selected, osdInfo: osdText }, '设置叠加文字失败')
        .then(() => message.success('叠加文字已设置'))
        .catch(() => undefined);
    } else {
      w.setCell(selected, { osd: osdText });
    }
  }

  async function toggleTalk() {
    const cell = cells[selected];
    if (talking !== null) {
      await pluginCall('video.closetalk', { snum: talking }, '结束对讲失败').catch(() => undefined);
      setTalking(null);
      return;
    }
    if (!cell || !playing(selected)) return notPlaying();
    try {
      const addr = await startTalk(cell.camera.channelId);
      await pluginCall('video.starttalk', { snum: selected, channelId: cell.camera.channelId, url: addr.url, token: addr.token, ...TALK_DEFAULTS }, '对讲失败');
      setTalking(selected);
      message.info(`正在与「${cell.camera.name}」对讲`);
    } catch {
      /* already said */
    }
  }

  return {
    /** The switches shown on the bar and the grid. */
    state: { recording, talking, osdText, audio, ivs },
    setOsdText,
    /** A new request starts with no window recording; the plug-in ends a talk by itself. */
    clearRecording: () => setRecording(new Set()),
    talkClosed: () => setTalking(null),
    closeWindow,
    changeDivision,
    fullScreen,
    snapshot,
    toggleRecord,
    toggleAudio: () => toggleIn(audio, setAudio, 'video.enableAudio', '声音'),
    toggleIvs: () => toggleIn(ivs, setIvs, 'video.enableIvs', '智能规则'),
    downloadRecording,
    applyOsd,
    toggleTalk,
  };
}

export type WallTools = ReturnType<typeof useWallTools>;
