import type { AudioCard, BroadcastAdapter, CommandResult, DeviceAdapters, HostState } from './adapters.ts';

const TIMEOUT_MS = 10_000;

/**
 * Commands forwarded to the park's device gateway (PARK_GATEWAY_URL): one JSON POST per command,
 * `{command, params}`, answered `{ok, code, message, data}`. The gateway speaks each vendor's
 * protocol (Hikvision door control, the broadcast server); the platform stays vendor-neutral.
 */
export function gatewayAdapters(baseUrl: string, token: string): DeviceAdapters {
  const send = async (command: string, params: unknown): Promise<CommandResult> => {
    try {
      const res = await fetch(baseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ command, params }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) return { ok: false, code: `HTTP_${res.status}`, message: `设备网关返回错误：HTTP ${res.status}` };
      const body = (await res.json()) as Partial<CommandResult>;
      return { ok: body.ok === true, code: String(body.code ?? ''), message: String(body.message ?? (body.ok ? '执行成功' : '执行失败')), data: body.data };
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return { ok: false, code: timedOut ? 'TIMEOUT' : 'UNREACHABLE', message: timedOut ? '设备网关响应超时' : '无法连接设备网关' };
    }
  };
  const dataOf = async <T>(command: string, params: unknown, fallback: T): Promise<T> => {
    const r = await send(command, params);
    return r.ok && r.data !== undefined ? (r.data as T) : fallback;
  };
  const broadcast: BroadcastAdapter = {
    state: (hosts) => dataOf<HostState[]>('broadcast.state', { hosts }, []),
    setVolume: (hosts, volume) => send('broadcast.setVolume', { hosts, volume }),
    audioCards: () => dataOf<AudioCard[]>('broadcast.audioCards', {}, []),
    playCard: (hosts, card) => send('broadcast.playCard', { hosts, card }),
    playText: (hosts, text, repeat) => send('broadcast.playText', { hosts, text, repeat }),
    playMusic: (hosts, files) => send('broadcast.playMusic', { hosts, files }),
    playExtern: (hosts, name, url) => send('broadcast.playExtern', { hosts, name, url }),
    stop: (hosts) => send('broadcast.stop', { hosts }),
  };
  return {
    door: { open: (gate, laneId) => send('door.open', { gate, laneId }) },
    whiteList: { sync: (entries) => send('whiteList.sync', { entries }) },
    broadcast,
  };
}
