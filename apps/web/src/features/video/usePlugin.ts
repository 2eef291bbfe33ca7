import { useEffect, useRef, useState } from 'react';
import type { PluginCode, PluginPush } from '@park/core';
import { DhPlayerClient, type PluginState } from './dhplayer/DhPlayerClient.ts';

export interface PluginStatus {
  state: PluginState;
  /** The code of the last state change (1000, 1001, 1002, 1005), if any. */
  code: PluginCode | undefined;
  version: string | null;
  port: number | null;
  /** Bumped on every successful (re)connection: the wall then creates its window afresh. */
  connection: number;
}

/**
 * One DhPlayerClient for the component's life: connects on mount, disposes on unmount, and turns the
 * client's callbacks into React state. `onEvent` always reaches the latest handler.
 */
export function usePlugin(onEvent: (push: PluginPush) => void): { client: DhPlayerClient | null; status: PluginStatus } {
  const [client, setClient] = useState<DhPlayerClient | null>(null);
  const [status, setStatus] = useState<PluginStatus>({ state: 'idle', code: undefined, version: null, port: null, connection: 0 });
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    const c: DhPlayerClient = new DhPlayerClient(
      {},
      {
        state: (state, code) =>
          setStatus((s) => ({
            state,
            code,
            version: c.version,
            port: c.port,
            connection: state === 'success' ? s.connection + 1 : s.connection,
          })),
        event: (push) => handler.current(push),
      },
    );
    setClient(c);
    void c.connect().then(() => setStatus((s) => ({ ...s, version: c.version, port: c.port })));
    return () => c.dispose();
  }, []);

  return { client, status };
}
