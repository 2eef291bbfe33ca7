import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { browserClass, PLUGIN_DEFAULT_CONNECT_TIME } from '@park/core';
import type { DhPlayerClient } from '../dhplayer/DhPlayerClient.ts';
import { WindowTracker, browserOffset } from '../dhplayer/WindowTracker.ts';
import type { PluginStatus } from '../usePlugin.ts';

/**
 * The plug-in's native window over the grid: created on each (re)connection with the grid's
 * division, then kept over the grid by the tracker; destroyed with the wall. `ensureWindow` resolves
 * true once a window (a session) exists, and is shared by callers that ask at the same time.
 */
export function usePluginWindow(
  client: DhPlayerClient | null,
  status: PluginStatus,
  gridRef: RefObject<HTMLDivElement | null>,
  opts: { controlBar: boolean; /** The grid's windows now: a new plug-in window gets as many. */ cells: RefObject<ReadonlyArray<unknown>> },
): () => Promise<boolean> {
  const { controlBar, cells } = opts;
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
          division: cells.current.length,
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
  }, [client, controlBar, gridRef, cells]);

  useEffect(() => {
    if (!client) return;
    const t = gridRef.current ? new WindowTracker(gridRef.current, client) : null;
    tracker.current = t;
    t?.start();
    return () => {
      t?.stop();
      if (client.session) void client.request('window.destroy').catch(() => undefined);
    };
  }, [client, gridRef]);

  useEffect(() => {
    if (status.state === 'success') void ensureWindow();
  }, [status.connection, status.state, ensureWindow]);

  return ensureWindow;
}
