import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { parseDateTime, type PluginPush } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import type { BrowserVideoHandle } from './browserPlayer.ts';
import { usePlugin } from './usePlugin.ts';
import type { Cell, CellStatus, WallRequest } from './wallTypes.ts';
import { layoutOf, modeOf, resized } from './wall/layout.ts';
import { PluginBanner } from './wall/PluginBanner.tsx';
import { handlePluginPush } from './wall/pluginEvents.ts';
import { playInBrowser, playInPlugin, type PlaybackAddress } from './wall/playback.ts';
import { usePluginNotices } from './wall/usePluginNotices.ts';
import { usePluginWindow } from './wall/usePluginWindow.ts';
import { useWallTools } from './wall/useWallTools.ts';
import { WallControlBar } from './wall/WallControlBar.tsx';
import { WallGrid } from './wall/WallGrid.tsx';

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

/**
 * The embeddable wall: a square grid of windows played by the DHPlayer plug-in (its native window
 * placed over the grid), or, without the plug-in, by the browser for cameras that offer HLS or FLV.
 * This file holds the wall's state and what a request plays; the parts live in ./wall/: the grid's
 * layout (layout.ts, WallGrid), playing a camera (playback.ts), the plug-in's window, pushes and
 * notices, the banner, and the control bar's tools (useWallTools, WallControlBar).
 */
export const VideoWall = forwardRef<VideoWallHandle, VideoWallProps>(function VideoWall({ request, controlBar = true, player }, ref) {
  const { message } = App.useApp();
  const [division, setDivision] = useState(1);
  const [cells, setCells] = useState<Array<Cell | null>>([null]);
  const [selected, setSelected] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const videos = useRef(new Map<number, BrowserVideoHandle>());
  const cellsRef = useRef(cells);
  cellsRef.current = cells;
  const playbackAddr = useRef<PlaybackAddress | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;

  const resize = (next: number) => {
    setDivision(next);
    setCells((cs) => resized(cs, next));
  };
  const setCell = (snum: number, patch: Partial<Cell>) => setCells((cs) => cs.map((c, i) => (i === snum && c ? { ...c, ...patch } : c)));
  const setStatus = (snum: number, status: CellStatus) => setCell(snum, { status });

  const onEvent = useCallback(
    (push: PluginPush) =>
      handlePluginPush(push, { say: message, setStatus, talkClosed: () => tools.talkClosed(), select: setSelected, resize }),
    // The setters are stable; `tools` is read when a push arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [message],
  );
  const { client, status } = usePlugin(onEvent);
  const mode = modeOf(status);
  usePluginNotices(status);
  const ensureWindow = usePluginWindow(client, status, gridRef, { controlBar, cells: cellsRef });

  const tools = useWallTools({
    mode,
    client,
    cells,
    selected,
    request: () => requestRef.current,
    playbackAddress: () => playbackAddr.current,
    gridRef,
    videos,
    setCell,
    setCells,
    resize,
  });

  // A new request lays out the grid at once (state adjusted while rendering, not in an effect).
  const [shownKey, setShownKey] = useState<number | null>(null);
  if (request && request.key !== shownKey) {
    const layout = layoutOf(request);
    setShownKey(request.key);
    setDivision(layout.division);
    setSelected(0);
    tools.clearRecording();
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
            const req = requestRef.current!;
            const patch =
              mode === 'plugin'
                ? await playInPlugin(client!, req, cam, { snum, n: cams.length }, (addr) => (playbackAddr.current = addr))
                : await playInBrowser(req, cam, cams.length);
            if (patch) setCell(snum, patch);
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

  function select(snum: number) {
    setSelected(snum);
    if (mode === 'plugin') void client?.request('window.select', { snum }).catch(() => undefined);
  }

  return (
    <div className="video-wall" data-mode={mode}>
      <PluginBanner client={client} status={status} player={player} />
      {controlBar && (
        <WallControlBar status={status} tools={tools} selected={selected} division={division} playback={request?.kind === 'playback'} pluginOnly={mode !== 'plugin'} />
      )}
      <WallGrid
        gridRef={gridRef}
        videos={videos}
        mode={mode}
        division={division}
        cells={cells}
        selected={selected}
        recording={tools.state.recording}
        onSelect={select}
        onClose={tools.closeWindow}
        onFail={(snum, msg) => setCell(snum, { status: 'error', message: msg })}
      />
    </div>
  );
});
