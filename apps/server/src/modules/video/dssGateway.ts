import { VIDEO_TEXT } from '@park/core';
import { GATEWAY, TOKEN_INVALID_CODE, type GatewayEnvelope, type GatewayTokenData } from './gatewayPaths.ts';
import { httpCall, type HttpReply } from './gatewayHttp.ts';
import { sealForGateway } from './sealPassword.ts';

export interface GatewayOptions {
  /** Resolved on each call: the in-app simulator knows its address only once the server listens. */
  baseUrl: () => string;
  user: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** Per-call timeout; the gateway's own client has none (spec 002 §9), ours stops at 15 s. */
  timeoutMs?: number;
  /** Refresh this long before the access token expires (30 s; tests use 0 to see expiry itself). */
  refreshMarginMs?: number;
}

export type GatewayErrorKind = 'login' | 'call' | 'network';

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: GatewayErrorKind,
    readonly code = '',
  ) {
    super(message);
  }
}

/** The login set the DSS web client keeps in local storage (spec 002 §3); here it stays on the server. */
export interface LoginSet {
  UserName: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
  magicId: string;
  remainderDays: number;
  /** Milliseconds since the epoch after which the access token is refreshed before use. */
  expiresAt: number;
}

/* Refreshing a little before expiry saves the round trip of a refused call. */
const REFRESH_MARGIN_MS = 30_000;

/**
 * The platform's client of the DSS gateway: public key → sealed login → access and refresh tokens,
 * refreshed before they expire and again when a call is refused for an invalid token. One login or
 * refresh runs at a time however many calls arrive together.
 */
export class DssGateway {
  private session: LoginSet | null = null;
  private pendingAuth: Promise<LoginSet> | null = null;

  constructor(private readonly options: GatewayOptions) {}

  private get margin(): number {
    return this.options.refreshMarginMs ?? REFRESH_MARGIN_MS;
  }

  /** For diagnostics and tests; never sent to the browser. */
  get loginSet(): Readonly<LoginSet> | null {
    return this.session;
  }

  /** A POST (JSON) or GET to the gateway with the bearer token; answers the envelope's data. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
    const session = await this.currentSession();
    const first = await this.send<T>(method, path, session.accessToken, body, query);
    if (!first.tokenRefused) return this.dataOf(first.envelope);
    const renewed = await this.renew(session);
    const second = await this.send<T>(method, path, renewed.accessToken, body, query);
    if (second.tokenRefused) throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'call', TOKEN_INVALID_CODE);
    return this.dataOf(second.envelope);
  }

  /** Logs in afresh (also the first call's path); wrong credentials give 用户名或密码错误. */
  async login(): Promise<LoginSet> {
    return this.singleFlight(() => this.passwordLogin());
  }

  private async currentSession(): Promise<LoginSet> {
    const s = this.session;
    if (!s) return this.login();
    if (Date.now() < s.expiresAt - this.margin) return s;
    return this.renew(s);
  }

  /** Refresh with the refresh token; if the gateway refuses it, log in with the password again. */
  private renew(stale: LoginSet): Promise<LoginSet> {
    if (this.session && this.session !== stale && Date.now() < this.session.expiresAt - this.margin) {
      return Promise.resolve(this.session);
    }
    return this.singleFlight(async () => {
      try {
        return await this.tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: stale.refreshToken,
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
        });
      } catch (err) {
        if (err instanceof GatewayError && err.kind === 'network') throw err;
        return this.passwordLogin();
      }
    });
  }

  private singleFlight(run: () => Promise<LoginSet>): Promise<LoginSet> {
    this.pendingAuth ??= run().finally(() => {
      this.pendingAuth = null;
    });
    return this.pendingAuth;
  }

  private async passwordLogin(): Promise<LoginSet> {
    const keyReply = await this.fetchJson<{ publicKey: string }>('GET', GATEWAY.publicKey, { query: { _t: String(Date.now()) } });
    const publicKey = keyReply.envelope?.data?.publicKey;
    if (!keyReply.envelope?.success || !publicKey) throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'network');
    return this.tokenRequest({
      username: sealForGateway(publicKey, this.options.user),
      password: sealForGateway(publicKey, this.options.password),
      code: '',
      grant_type: 'password',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      public_key: publicKey,
      verifyCodeFlag: '1',
    });
  }

  private async tokenRequest(form: Record<string, string>): Promise<LoginSet> {
    const reply = await this.fetchJson<GatewayTokenData>('POST', GATEWAY.token, { form });
    const data = reply.envelope?.data;
    // The gateway says "wrong password" with a 4xx or with success false; either way the same words.
    if (!reply.envelope?.success || !data?.access_token) {
      this.session = null;
      throw new GatewayError(VIDEO_TEXT.loginFailed, 'login', reply.envelope?.code ?? String(reply.status));
    }
    this.session = {
      UserName: this.options.user,
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      userId: String(data.userId ?? ''),
      magicId: String(data.magicId ?? ''),
      remainderDays: Number(data.remainderDays ?? 0),
      expiresAt: Date.now() + Number(data.expires_in || 0) * 1000,
    };
    return this.session;
  }

  private async send<T>(method: 'GET' | 'POST', path: string, token: string, body: unknown, query?: Record<string, string>) {
    const reply = await this.fetchJson<T>(method, path, { token, json: body, query });
    const tokenRefused = reply.status === 401 || reply.envelope?.code === TOKEN_INVALID_CODE;
    return { envelope: reply.envelope, tokenRefused };
  }

  private dataOf<T>(envelope: GatewayEnvelope<T> | null): T {
    if (!envelope) throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'network');
    if (!envelope.success) throw new GatewayError(envelope.errMsg || VIDEO_TEXT.gatewayUnavailable, 'call', envelope.code);
    return envelope.data;
  }

  private async fetchJson<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string; json?: unknown; form?: Record<string, string>; query?: Record<string, string> },
  ): Promise<{ status: number; envelope: GatewayEnvelope<T> | null }> {
    const url = new URL(this.options.baseUrl() + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.token) headers.authorization = `bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json ?? {});
    }
    let res: HttpReply;
    try {
      res = await httpCall(url, method, headers, body, this.options.timeoutMs ?? 15_000);
    } catch {
      throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'network');
    }
    const ok = res.status >= 200 && res.status < 300;
    let envelope: GatewayEnvelope<T> | null = null;
    try {
      envelope = JSON.parse(res.text) as GatewayEnvelope<T>;
    } catch {
      if (ok) throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'network');
    }
    if (res.status >= 500) throw new GatewayError(VIDEO_TEXT.gatewayUnavailable, 'network', String(res.status));
    return { status: res.status, envelope };
  }
}
