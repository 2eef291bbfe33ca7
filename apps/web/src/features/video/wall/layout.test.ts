import { describe, expect, it } from 'vitest';
import type { PluginPush } from '@park/core';
import { cellText, layoutOf, modeOf, resized } from './layout.ts';
import { handlePluginPush, type PluginEventTarget } from './pluginEvents.ts';
import type { PluginStatus } from '../usePlugin.ts';
import type { WallCamera } from '../wallTypes.ts';

const cam = (i: number): WallCamera => ({ channelId: `c${i}`, name: `摄像头${i}`, browserFormat: null });
const status = (state: PluginStatus['state'], code?: PluginStatus['code']): PluginStatus => ({ state, code, version: null, port: null, connection: 0 });

describe('the wall layout', () => {
  it('lays live cameras in a square grid and playback in one window', () => {
    const live = layoutOf({ kind: 'live', cameras: [cam(1), cam(2), cam(3)], key: 1 });
    expect(live.division).toBe(4);
    expect(live.cells.map((c) => c?.camera.channelId ?? null)).toEqual(['c1', 'c2', 'c3', null]);
    expect(live.cells[0]?.status).toBe('loading');
    const playback = layoutOf({ kind: 'playback', camera: cam(9), startTime: '2026-01-01 00:00:00', endTime: '2026-01-01 01:00:00', records: [], key: 2 });
    expect(playback.division).toBe(1);
    expect(playback.cameras).toEqual([cam(9)]);
  });

  it('keeps the first windows when the division changes', () => {
    const { cells } = layoutOf({ kind: 'live', cameras: [cam(1), cam(2)], key: 1 });
    expect(resized(cells, 1).map((c) => c?.camera.channelId)).toEqual(['c1']);
    expect(resized(cells, 9)).toHaveLength(9);
  });

  it('plays in the plug-in while it is connected or reconnecting, in the browser once it failed or closed', () => {
    expect(modeOf(status('success'))).toBe('plugin');
    expect(modeOf(status('pending', 1002))).toBe('plugin');
    expect(modeOf(status('pending'))).toBe('waiting');
    expect(modeOf(status('failed', 1000))).toBe('browser');
    expect(modeOf(status('closed', 1001))).toBe('browser');
    expect(cellText({ camera: cam(1), status: 'loading' }, 'waiting')).toBe('正在连接视频播放插件…');
    expect(cellText({ camera: cam(1), status: 'closed' }, 'plugin')).toBe('已关闭');
  });
});

describe('the plug-in pushes', () => {
  it('change the window they name', () => {
    const seen: string[] = [];
    const wall: PluginEventTarget = {
      say: { success: (t) => seen.push(`ok ${t}`), info: (t) => seen.push(`info ${t}`) },
      setStatus: (snum, s) => seen.push(`${snum}:${s}`),
      talkClosed: () => seen.push('talk closed'),
      select: (snum) => seen.push(`select ${snum}`),
      resize: (d) => seen.push(`division ${d}`),
    };
    const push = (method: PluginPush['method'], info: PluginPush['info']) => handlePluginPush({ method, info }, wall);
    push('event.videoClosed', { snum: 2 });
    push('event.replay', { snum: 0 });
    push('event.windowClick', { snum: 3 });
    push('event.windowSelect', { snum: 'x' });
    push('event.divisionChange', { division: 9 });
    push('event.talkClosed', {});
    expect(seen).toEqual(['2:closed', '0:playing', 'select 3', 'division 9', 'talk closed']);
  });
});
