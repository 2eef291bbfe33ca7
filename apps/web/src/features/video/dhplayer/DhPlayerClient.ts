import {
  isPluginPush,
  isPluginReply,
  PLUGIN_CODES,
  PLUGIN_CONNECT_WAIT_MS,
  PLUGIN_HEARTBEAT_MS,
  PLUGIN_LAUNCH_FRAME_MS,
  PLUGIN_PORTS,
  PLUGIN_RECONNECT_MS,
  PLUGIN_URL_SCHEME,
  type PluginCode,
  type PluginMethod,
  type PluginPush,
  type PluginReply,
} from '@park/core';

/** Connection states (spec 002 §4): wsPending → wsSuccess | wsFail; `closed` when reconnecting is off. */
export type PluginState = 'idle' | 'pending' | 'success' | 'failed' | 'closed';

/** A plug-in reply with a non-zero code: that request failed (spec 002 §7). */
export class PluginCallError extends Error {
  constructor(
    readonly method: PluginMethod,
    readonly code: number,
  ) {
    super(`${method} 失败（错误码 ${code}）`);
  }
}

type SocketCtor = new (url: string) => WebSocket;

export interface DhPlayerClientOptions {
  ports?: readonly number[];
  host?: string;
  /** Reconnect 2 s after a lost connection (default); otherwise report 1001 and stay closed. */
  reconnect?: boolean;
  heartbeatMs?: number;
  reconnectMs?: number;
  connectWaitMs?: number;
  /** Starts an installed plug-in (`launch()`); by default a hidden frame opens DHPlayer:// and is removed after 3 s. */
  launch?: () => void;
  /** The WebSocket class (the browser's by default; tests in Node pass the `ws` package's; null: none). */
  WebSocketImpl?: SocketCtor | null;
  /** How long one port may take to answer before the next is tried. */
  portTimeoutMs?: number;
}

export interface DhPlayerListeners {
  /** Every state change, with the plug-in code that caused it (1000, 1001, 1002, 1005) when there is one. */
  state?: (state: PluginState, code?: PluginCode) => void;
  /** Native events: seek, replay, window selected, video closed, talk closed, capture and record finished… */
  event?: (push: PluginPush) => void;
}

interface Pending {
  method: PluginMethod;
  resolve: (data: Record<string, unknown>) => void;
  reject: (err: Error) => void;
}

/**
 * The page's side of the DHPlayer plug-in: finds it on ws://127.0.0.1:8000…8004, keeps the
 * connection alive with a heartbeat, reconnects when it drops, and turns requests into promises
 * (a non-zero code rejects). It knows nothing of React; the wall drives it.
 */
export class DhPlayerClient {
  state: PluginState = 'idle';
  /** Set when no port answered: the plug-in is taken as not installed. */
  notInstalled = false;
  /** The plug-in's own version (common.version), once connected. */
  version: string | null = null;
  /** Set by window.create's reply; sent with every later request. */
  session = '';
  port: number | null = null;

  private socket: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private disposed = false;
  private readonly opts: Required<Omit<DhPlayerClientOptions, 'WebSocketImpl'>> & { WebSocketImpl: SocketCtor | null };

  constructor(
    options: DhPlayerClientOptions = {},
    private readonly listeners: DhPlayerListeners = {},
  ) {
    this.opts = {
      ports: options.ports ?? PLUGIN_PORTS,
      host: options.host ?? '127.0.0.1',
      reconnect: options.reconnect ?? true,
      heartbeatMs: options.heartbeatMs ?? PLUGIN_HEARTBEAT_MS,
      reconnectMs: options.reconnectMs ?? PLUGIN_RECONNECT_MS,
      connectWaitMs: options.connectWaitMs ?? PLUGIN_CONNECT_WAIT_MS,
      launch: options.launch ?? launchThroughUrlScheme,
      WebSocketImpl: options.WebSocketImpl !== undefined ? options.WebSocketImpl : typeof WebSocket === 'undefined' ? null : WebSocket,
      portTimeoutMs: options.portTimeoutMs ?? 3000,
    };
  }

  /**
   * Connects, trying each port once in turn. When none answers: 1000 (not installed), and the client
   * stays quiet — each refused port is an error line in the browser's console, and opening DHPlayer://
   * unasked puts the browser's "open external application" prompt over the page, which swallows its
   * clicks where no plug-in is installed (ADR 0028). `launch()` does that on the user's request.
   */
  async connect(): Promise<boolean> {
    if (this.disposed) return false;
    if (!this.opts.WebSocketImpl) {
      this.setState('failed', PLUGIN_CODES.noWebSocket);
      return false;
    }
    this.setState('pending');
    if (await this.tryPorts()) return true;
    this.notInstalled = true;
    this.setState('failed', PLUGIN_CODES.notInstalled);
    return false;
  }

  /**
   * Starts an installed plug-in through its URL scheme and, after the connection wait (spec 002 §4:
   * 10 s), tries the ports once more. Asked by the user (启动插件), never on its own.
   */
  launch(): void {
    if (this.disposed || this.state === 'success') return;
    this.opts.launch();
    this.later(() => void this.retryAfterLaunch(), this.opts.connectWaitMs);
  }

  /** Sends a request; resolves with the reply's data, rejects on a non-zero code or a lost connection. */
  request(method: PluginMethod, info: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const socket = this.socket;
    if (!socket || this.state !== 'success' || socket.readyState !== 1) {
      return Promise.reject(new PluginCallError(method, PLUGIN_CODES.closed));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      socket.send(JSON.stringify({ method, info, id, session: this.session }));
    });
  }

  /** Stops everything: no reconnect, no heartbeat, pending requests rejected. */
  dispose(): void {
    this.disposed = true;
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.failPending();
  }

  private async retryAfterLaunch(): Promise<void> {
    if (this.disposed || this.state === 'success') return;
    await this.tryPorts();
  }

  private async tryPorts(): Promise<boolean> {
    for (const port of this.opts.ports) {
      if (this.disposed) return false;
      const socket = await this.open(port);
      if (!socket) continue;
      this.adopt(socket, port);
      try {
        const v = await this.request('common.version');
        this.version = typeof v.version === 'string' ? v.version : null;
      } catch {
        this.version = null;
      }
      return true;
    }
    return false;
  }

  private open(port: number): Promise<WebSocket | null> {
    const Impl = this.opts.WebSocketImpl!;
    return new Promise((resolve) => {
      let socket: WebSocket;
      try {
        socket = new Impl(`ws://${this.opts.host}:${port}`);
      } catch {
        resolve(null);
        return;
      }
      const timer = setTimeout(() => done(null), this.opts.portTimeoutMs);
      const done = (result: WebSocket | null) => {
        clearTimeout(timer);
        socket.onopen = socket.onerror = socket.onclose = null;
        if (!result) {
          try {
            socket.close();
          } catch {
            /* already closed */
          }
        }
        resolve(result);
      };
      socket.onopen = () => done(socket);
      socket.onerror = () => done(null);
      socket.onclose = () => done(null);
    });
  }

  private adopt(socket: WebSocket, port: number): void {
    this.socket = socket;
    this.port = port;
    socket.onmessage = (e: MessageEvent) => this.receive(String(e.data));
    socket.onclose = () => this.lost(socket);
    socket.onerror = () => undefined;
    // Cleared before the state change, so whoever hears 'success' no longer sees "not installed".
    this.notInstalled = false;
    this.setState('success');
    this.startHeartbeat();
  }

  private receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isPluginReply(message)) return this.settle(message);
    if (isPluginPush(message)) this.listeners.event?.(message);
  }

  private settle(reply: PluginReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.code === 0) p.resolve(reply.data ?? {});
    else p.reject(new PluginCallError(p.method, reply.code));
  }

  private lost(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.session = '';
    this.stopHeartbeat();
    this.failPending();
    if (this.disposed) return;
    if (!this.opts.reconnect) {
      this.setState('closed', PLUGIN_CODES.closed);
      return;
    }
    this.setState('pending', PLUGIN_CODES.reconnecting);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.later(async () => {
      if (this.disposed) return;
      if (!(await this.tryPorts())) this.scheduleReconnect();
    }, this.opts.reconnectMs);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      // A heartbeat the plug-in refuses changes nothing; a dead socket is noticed by its close event.
      this.request('common.heartbeat').catch(() => undefined);
    }, this.opts.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private failPending(): void {
    for (const p of this.pending.values()) p.reject(new PluginCallError(p.method, PLUGIN_CODES.closed));
    this.pending.clear();
  }

  private later(run: () => void | Promise<void>, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void run();
    }, ms);
    this.timers.add(t);
  }

  private setState(state: PluginState, code?: PluginCode): void {
    this.state = state;
    this.listeners.state?.(state, code);
  }
}

/** Opens DHPlayer:// in a hidden frame (an installed plug-in registers the scheme) and removes it after 3 s. */
function launchThroughUrlScheme(): void {
  if (typeof document === 'undefined') return;
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = PLUGIN_URL_SCHEME;
  document.body.appendChild(frame);
  setTimeout(() => frame.remove(), PLUGIN_LAUNCH_FRAME_MS);
}
