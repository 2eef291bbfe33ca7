import { WebSocketServer, type WebSocket } from 'ws';
import { PLUGIN_METHODS, PLUGIN_PORTS, type PluginEvent, type PluginMethod, type PluginReply, type PluginRequest } from '@park/core';

/*
 * A DHPlayer plug-in simulator: the local WebSocket protocol (spec 002 §7) on the first free port of
 * 8000–8004. It answers every method, keeps the windows' state the page asked for, and pushes the native
 * events a real plug-in would (capture finished, local record finished, video closed, division changed,
 * seek, replay). Tests read `received` and `windows`, drop connections and inject failures.
 */

export interface PluginWindowState {
  session: string;
  division: number;
  rect: { left: number; top: number; width: number; height: number } | null;
  shown: boolean;
  /** What each window (snum) plays: a channel id and 'live' | 'playback'. */
  playing: Map<number, { channelId: string; mode: 'live' | 'playback'; url: string }>;
  osd: Map<number, string>;
  talking: boolean;
  recording: Set<number>;
}

export interface DhPlayerSimulator {
  port: number;
  received: PluginRequest[];
  windows: Map<string, PluginWindowState>;
  /** Answers the next call of this method with a non-zero code. */
  failNext(method: PluginMethod, code: number): void;
  /** Pushes a native event to every connected page. */
  push(method: PluginEvent, info: Record<string, unknown>): void;
  /** Cuts every connection (as a crashed plug-in would); the server keeps listening. */
  dropConnections(): void;
  close(): Promise<void>;
}

export interface DhPlayerOptions {
  version?: string;
  /** Ports to try in turn; the first that is free is used. */
  ports?: readonly number[];
  host?: string;
}

const SNAP_DIR = 'C:\\DHPlayer\\snapshot';
const RECORD_DIR = 'C:\\DHPlayer\\record';

export async function startDhPlayerSimulator(options: DhPlayerOptions = {}): Promise<DhPlayerSimulator> {
  const host = options.host ?? '127.0.0.1';
  let wss: WebSocketServer | null = null;
  let port = 0;
  for (const p of options.ports ?? PLUGIN_PORTS) {
    try {
      wss = await listen(p, host);
      port = p;
      break;
    } catch {
      /* taken: the next one */
    }
  }
  if (!wss) throw new Error('DHPlayer simulator: ports 8000–8004 are all taken');
  const server = wss;

  const received: PluginRequest[] = [];
  const windows = new Map<string, PluginWindowState>();
  const failures = new Map<PluginMethod, number>();
  const sockets = new Set<WebSocket>();
  let sessions = 0;

  const send = (ws: WebSocket, message: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const pushTo = (ws: WebSocket, method: PluginEvent, info: Record<string, unknown>) => setTimeout(() => send(ws, { method, info }), 20);

  const handlers: Record<PluginMethod, (req: PluginRequest, ws: WebSocket, w: PluginWindowState | undefined) => Record<string, unknown> | number> = {
    'common.version': () => ({ version: options.version ?? '3.2.1' }),
    'common.heartbeat': () => ({}),
    'window.create': (req) => {
      const session = `sim-${++sessions}`;
      windows.set(session, {
        session,
        division: Number(req.info.division) || 1,
        rect: rectOf(req.info),
        shown: true,
        playing: new Map(),
        osd: new Map(),
        talking: false,
        recording: new Set(),
      });
      return { session };
    },
    'window.destroy': (req) => (windows.delete(req.session) ? {} : 2),
    'window.change': (_req, _ws, w) => (w ? ((w.rect = rectOf(_req.info)), {}) : 2),
    'window.show': (req, _ws, w) => (w ? ((w.shown = req.info.show === true), {}) : 2),
    'window.shield': (_req, _ws, w) => (w ? {} : 2),
    'window.select': (req, ws, w) => (w ? (pushTo(ws, 'event.windowSelect', { snum: req.info.snum }), {}) : 2),
    'window.enableDrag': (_req, _ws, w) => (w ? {} : 2),
    'video.realmonitor': (req, _ws, w) => play(req, w, 'live'),
    'video.playback': (req, ws, w) => {
      const r = play(req, w, 'playback');
      if (typeof r !== 'number') pushTo(ws, 'event.replay', { snum: req.info.snum });
      return r;
    },
    'video.downloadByTime': (req, _ws, w) => (w ? { path: `${RECORD_DIR}\\${String(req.info.channelId)}_${String(req.info.startTime)}.dav` } : 2),
    'video.close': (req, ws, w) => {
      if (!w) return 2;
      const snums = req.info.snum === undefined ? [...w.playing.keys()] : [Number(req.info.snum)];
      for (const s of snums) {
        w.playing.delete(s);
        pushTo(ws, 'event.videoClosed', { snum: s });
      }
      return {};
    },
    'video.starttalk': (_req, _ws, w) => (w ? ((w.talking = true), {}) : 2),
    'video.closetalk': (_req, ws, w) => {
      if (!w) return 2;
      w.talking = false;
      pushTo(ws, 'event.talkClosed', {});
      return {};
    },
    'video.playbackChangeState': (req, ws, w) => {
      if (!w) return 2;
      if (req.info.seekTime !== undefined) pushTo(ws, 'event.seek', { snum: req.info.snum, seekTime: req.info.seekTime });
      return {};
    },
    'video.setToolBarShow': (_req, _ws, w) => (w ? {} : 2),
    'video.division.change': (req, ws, w) => {
      if (!w) return 2;
      w.division = Number(req.info.division) || w.division;
      pushTo(ws, 'event.divisionChange', { division: w.division });
      return {};
    },
    'video.snapic': (req, ws, w) => {
      if (!w || !w.playing.has(Number(req.info.snum))) return 3;
      pushTo(ws, 'event.snapicFinished', { snum: req.info.snum, path: `${SNAP_DIR}\\snap_${Date.now()}.jpg` });
      return {};
    },
    'video.fullScreen': (_req, _ws, w) => (w ? {} : 2),
    'video.enableAudio': (_req, _ws, w) => (w ? {} : 2),
    'video.enableIvs': (_req, _ws, w) => (w ? {} : 2),
    'video.setOSDInfo': (req, _ws, w) => (w ? (w.osd.set(Number(req.info.snum), String(req.info.osdInfo ?? '')), {}) : 2),
    browserFocusBlur: (_req, _ws, w) => (w ? {} : 2),
    'video.localRecord': (req, ws, w) => {
      const snum = Number(req.info.snum);
      if (!w || !w.playing.has(snum)) return 3;
      if (req.info.start === true) w.recording.add(snum);
      else if (w.recording.delete(snum)) pushTo(ws, 'event.localRecordFinished', { snum, path: `${RECORD_DIR}\\record_${Date.now()}.dav` });
      return {};
    },
  };

  server.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (raw) => {
      let req: PluginRequest;
      try {
        req = JSON.parse(String(raw)) as PluginRequest;
      } catch {
        return;
      }
      received.push(req);
      const reply: PluginReply = { id: req.id, code: 0 };
      const failing = failures.get(req.method);
      if (failing !== undefined) {
        failures.delete(req.method);
        reply.code = failing;
      } else if (!(PLUGIN_METHODS as readonly string[]).includes(req.method)) {
        reply.code = 404;
      } else {
        const out = handlers[req.method](req, ws, windows.get(req.session));
        if (typeof out === 'number') reply.code = out;
        else reply.data = out;
      }
      send(ws, reply);
    });
  });

  return {
    port,
    received,
    windows,
    failNext: (method, code) => void failures.set(method, code),
    push: (method, info) => sockets.forEach((ws) => send(ws, { method, info })),
    dropConnections: () => sockets.forEach((ws) => ws.terminate()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((ws) => ws.terminate());
        server.close(() => resolve());
      }),
  };
}

function play(req: PluginRequest, w: PluginWindowState | undefined, mode: 'live' | 'playback'): Record<string, unknown> | number {
  if (!w) return 2;
  const snum = Number(req.info.snum);
  if (!(snum >= 0 && snum < w.division) || typeof req.info.url !== 'string' || typeof req.info.token !== 'string') return 5;
  w.playing.set(snum, { channelId: String(req.info.channelId), mode, url: req.info.url });
  return {};
}

function rectOf(info: Record<string, unknown>) {
  const r = info.rect as { left?: unknown; top?: unknown; width?: unknown; height?: unknown } | undefined;
  if (!r) return null;
  return { left: Number(r.left), top: Number(r.top), width: Number(r.width), height: Number(r.height) };
}

function listen(port: number, host: string): Promise<WebSocketServer> {
  return new Promise((resolve, reject) => {
    const wss = new WebSocketServer({ port, host });
    wss.once('listening', () => resolve(wss));
    wss.once('error', (err) => {
      wss.close();
      reject(err);
    });
  });
}
