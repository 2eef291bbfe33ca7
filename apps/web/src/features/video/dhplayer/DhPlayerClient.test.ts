import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import type { PluginCode, PluginPush } from '@park/core';
import { startDhPlayerSimulator, type DhPlayerSimulator } from '../../../../../server/src/modules/video/simulator/dhplayer.ts';
import { DhPlayerClient, PluginCallError, type PluginState } from './DhPlayerClient.ts';

/*
 * The client against the plug-in simulator over real sockets. Ports 18000–18004 stand in for
 * 8000–8004 so the test never meets a real plug-in (or the e2e run's simulator).
 */
const PORTS = [18000, 18001, 18002, 18003, 18004];

const clients: DhPlayerClient[] = [];
const sims: DhPlayerSimulator[] = [];
afterEach(async () => {
  clients.splice(0).forEach((c) => c.dispose());
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

function client(extra: ConstructorParameters<typeof DhPlayerClient>[0] = {}) {
  const states: Array<[PluginState, PluginCode | undefined]> = [];
  const events: PluginPush[] = [];
  const launch = vi.fn();
  const c = new DhPlayerClient(
    { ports: PORTS, WebSocketImpl: NodeWebSocket as unknown as new (url: string) => WebSocket, launch, reconnectMs: 100, connectWaitMs: 200, portTimeoutMs: 500, ...extra },
    { state: (s, code) => states.push([s, code]), event: (e) => events.push(e) },
  );
  clients.push(c);
  return { c, states, events, launch };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('DhPlayerClient with the plug-in simulator', () => {
  it('finds the plug-in on the next port when the first is taken, and reads its version', async () => {
    const blocker = await startDhPlayerSimulator({ ports: [18000] });
    await blocker.close();
    const sim = await startDhPlayerSimulator({ ports: PORTS.slice(2), version: '3.1.0' });
    sims.push(sim);
    const { c, states } = client();
    expect(await c.connect()).toBe(true);
    expect(c.port).toBe(18002);
    expect(c.version).toBe('3.1.0');
    expect(states.map((s) => s[0])).toEqual(['pending', 'success']);
  });

  it('reports 1000 when no port answers and then stays quiet: no launch, no second round unasked', async () => {
    const opened: string[] = [];
    class CountingSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url);
        opened.push(url);
      }
    }
    const { c, states, launch } = client({ WebSocketImpl: CountingSocket as unknown as new (url: string) => WebSocket });
    expect(await c.connect()).toBe(false);
    expect(states.at(-1)).toEqual(['failed', 1000]);
    expect(c.notInstalled).toBe(true);
    await new Promise((r) => setTimeout(r, 500)); // past connectWaitMs and reconnectMs
    expect(launch).not.toHaveBeenCalled();
    expect(opened).toEqual(PORTS.map((p) => `ws://127.0.0.1:${p}`));
  });

  it('launch() starts the plug-in on request and connects once it is up', async () => {
    const { c, launch } = client();
    expect(await c.connect()).toBe(false);
    c.launch();
    expect(launch).toHaveBeenCalledOnce();
    sims.push(await startDhPlayerSimulator({ ports: PORTS }));
    await until(() => c.state === 'success');
    expect(c.notInstalled).toBe(false);
  });

  it('reports 1005 without WebSocket', async () => {
    const { c, states } = client({ WebSocketImpl: null });
    expect(await c.connect()).toBe(false);
    expect(states).toEqual([['failed', 1005]]);
  });

  it('creates a window, plays, and turns a non-zero code into that request’s error', async () => {
    const sim = await startDhPlayerSimulator({ ports: PORTS });
    sims.push(sim);
    const { c, events } = client();
    await c.connect();
    const created = await c.request('window.create', { division: 9, rect: { left: 0, top: 0, width: 900, height: 600 } });
    c.session = String(created.session);
    await c.request('video.realmonitor', { snum: 0, channelId: 'c1', url: 'rtsp://x', token: 't' });
    expect(sim.windows.get(c.session)?.playing.get(0)?.channelId).toBe('c1');
    await c.request('video.snapic', { snum: 0 });
    await until(() => events.some((e) => e.method === 'event.snapicFinished'));
    sim.failNext('video.realmonitor', 7);
    await expect(c.request('video.realmonitor', { snum: 1, channelId: 'c2', url: 'u', token: 't' })).rejects.toEqual(new PluginCallError('video.realmonitor', 7));
    expect(sim.received.map((r) => r.method)).toContain('common.version');
    expect(sim.received.at(-1)).toMatchObject({ method: 'video.realmonitor', session: c.session });
  });

  it('reconnects 2 s (here 0.1 s) after the connection drops, with 1002 meanwhile', async () => {
    const sim = await startDhPlayerSimulator({ ports: PORTS });
    sims.push(sim);
    const { c, states } = client();
    await c.connect();
    sim.dropConnections();
    await until(() => states.some(([s, code]) => s === 'pending' && code === 1002));
    await until(() => c.state === 'success');
    expect(states.filter(([s]) => s === 'success')).toHaveLength(2);
  });

  it('reports 1001 and stays closed when reconnecting is off', async () => {
    const sim = await startDhPlayerSimulator({ ports: PORTS });
    sims.push(sim);
    const { c, states } = client({ reconnect: false });
    await c.connect();
    sim.dropConnections();
    await until(() => c.state === 'closed');
    expect(states.at(-1)).toEqual(['closed', 1001]);
  });

  it('sends a heartbeat on its interval', async () => {
    const sim = await startDhPlayerSimulator({ ports: PORTS });
    sims.push(sim);
    const { c } = client({ heartbeatMs: 50 });
    await c.connect();
    await until(() => sim.received.filter((r) => r.method === 'common.heartbeat').length >= 2);
  });
});
