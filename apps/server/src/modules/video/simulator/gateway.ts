import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import forge from 'node-forge';
import { GATEWAY, STREAM_ADDRESS_CALLS, TOKEN_INVALID_CODE, type GatewayEnvelope } from '../gatewayPaths.ts';
import { SIM_PLAYER_VERSION, SIM_TREE } from './cameras.ts';

/*
 * A DSS gateway simulator for tests and the demo (DSS_URL=simulator): the OAuth public key, the sealed
 * password login and token refresh, the resource tree, plug-in info, StartVideo, QueryRecords,
 * StartPlaybackByTime, StartTalk and the HLS / HTTP-FLV stream addresses, plus a short HLS clip and FLV clip to play.
 * Registered as a Fastify plugin, standalone on its own port (tests) or under a prefix of the app.
 */

export interface SimulatorOptions {
  user?: string;
  password?: string;
  clientId?: string;
  clientSecret?: string;
  /** Seconds an access token lives (tests use 1 to see a refresh). */
  accessTtlSec?: number;
  /** Prefix put in front of media URLs; '' gives root-relative URLs (same origin as the page). */
  mediaBase?: string;
}

/** What tests look at and change. */
export interface SimulatorState {
  logins: number;
  refreshes: number;
  /** Every call after login, by path, with its body. */
  calls: Array<{ path: string; body: unknown }>;
  /** Makes every issued access token invalid (as a gateway restart would). */
  revokeAccessTokens(): void;
}

const MEDIA_DIR = path.join(import.meta.dirname, 'media');
const MEDIA_TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.m2ts': 'video/mp2t', '.flv': 'video/x-flv' };

const ok = <T>(data: T): GatewayEnvelope<T> => ({ success: true, code: '0', errMsg: '', data });
const fail = (code: string, errMsg: string): GatewayEnvelope<null> => ({ success: false, code, errMsg, data: null });

export function dssSimulator(options: SimulatorOptions = {}): { plugin: (app: FastifyInstance) => Promise<void>; state: SimulatorState } {
  const user = options.user ?? 'system';
  const password = options.password ?? 'Admin123';
  const clientId = options.clientId ?? 'park_web';
  const clientSecret = options.clientSecret ?? 'simulator-secret';
  const ttl = options.accessTtlSec ?? 1800;

  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
  const publicKeyBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809); the DSS web client seals with it, so forge opens it.
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const unseal = (b64: string): string | null => {
    try {
      return forge.util.decodeUtf8(forgeKey.decrypt(forge.util.decode64(b64), 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  };

  const access = new Map<string, number>();
  const refresh = new Set<string>();
  const state: SimulatorState = {
    logins: 0,
    refreshes: 0,
    calls: [],
    revokeAccessTokens: () => access.clear(),
  };
  const issue = () => {
    const a = crypto.randomBytes(16).toString('hex');
    const r = crypto.randomBytes(16).toString('hex');
    access.set(a, Date.now() + ttl * 1000);
    refresh.add(r);
    return ok({ access_token: a, refresh_token: r, expires_in: ttl, userId: '1', magicId: 'sim-magic', remainderDays: 90 });
  };

  const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const token = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const until = access.get(token);
    if (until !== undefined && until > Date.now()) return true;
    void reply.code(401).send(fail(TOKEN_INVALID_CODE, 'token invalid'));
    return false;
  };
  const channel = (id: unknown) => SIM_TREE.find((n) => n.nodeType === 'channel' && n.id === id);
  const dataOf = (body: unknown) => ((body as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>;
  const host = (request: FastifyRequest) => request.headers.host ?? '127.0.0.1';

  const plugin = async (app: FastifyInstance) => {
    app.get(GATEWAY.publicKey, async () => ok({ publicKey: publicKeyBase64 }));

    app.post(GATEWAY.token, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return reply.code(400).send(fail('1001', '客户端认证失败'));
      if (form.grant_type === 'refresh_token') {
        if (!refresh.delete(form.refresh_token ?? '')) return reply.code(400).send(fail('1003', 'refresh token invalid'));
        state.refreshes++;
        return issue();
      }
      if (form.grant_type !== 'password' || form.public_key !== publicKeyBase64) return reply.code(400).send(fail('1002', '参数错误'));
      if (unseal(form.username ?? '') !== user || unseal(form.password ?? '') !== password) {
        return reply.code(400).send(fail('1004', '用户名或密码错误'));
      }
      state.logins++;
      return issue();
    });

    const guarded = (route: string, handler: (body: Record<string, unknown>, request: FastifyRequest) => GatewayEnvelope<unknown>) => {
      const run = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!authorised(request, reply)) return reply;
        state.calls.push({ path: route, body: request.body ?? request.query });
        return handler(dataOf(request.body), request);
      };
      app.post(route, run);
      app.get(route, run);
    };

    guarded(GATEWAY.tree, () => ok({ value: SIM_TREE }));
    guarded(GATEWAY.resourceInfo, () => ok({ url: '/download/DHPlayer.zip', version: SIM_PLAYER_VERSION }));
    guarded(GATEWAY.startVideo, (d, request) => {
      const c = channel(d.channelId);
      if (!c) return fail('40004', '通道不存在');
      if (c.isOnline !== '1') return fail('40005', '设备离线');
      const q = `cameraid=${encodeURIComponent(c.id)}&substream=${d.streamType === '2' || d.streamType === 2 ? 1 : 0}`;
      const h = host(request).split(':')[0];
      return ok({ url: `rtsp://${h}:9100/dss/monitor/param?${q}|rtsp://${h}:9101/dss/monitor/param?${q}`, token: crypto.randomBytes(8).toString('hex') });
    });
    guarded(GATEWAY.queryRecords, (d) => {
      const c = channel(d.channelId);
      if (!c) return fail('40004', '通道不存在');
      return ok({ records: recordsBetween(Number(d.startTime), Number(d.endTime), c.id) });
    });
    guarded(GATEWAY.startPlaybackByTime, (d, request) => {
      const c = channel(d.channelId);
      if (!c) return fail('40004', '通道不存在');
      const h = host(request).split(':')[0];
      return ok({ url: `rtsp://${h}:9090/dss/playback/param?cameraid=${encodeURIComponent(c.id)}&begintime=${d.startTime}&endtime=${d.endTime}`, token: crypto.randomBytes(8).toString('hex') });
    });
    guarded(GATEWAY.startTalk, (d, request) => {
      const c = channel(d.channelId);
      if (!c) return fail('40004', '通道不存在');
      return ok({ url: `rtsp://${host(request).split(':')[0]}:9100/dss/talk/param?cameraid=${encodeURIComponent(c.id)}`, token: crypto.randomBytes(8).toString('hex') });
    });
    for (const route of new Set(Object.values(STREAM_ADDRESS_CALLS).map((s) => s.path))) {
      guarded(route, (d, request) => {
        const c = channel(d.channelId);
        if (!c) return fail('40004', '通道不存在');
        const base = options.mediaBase ?? `http://${host(request)}`;
        const q = `channelId=${encodeURIComponent(c.id)}`;
        if (d.type === 'hls' && c.hls === '1') return ok({ url: `${base}/media/hls/index.m3u8?${q}` });
        // DSS replays recordings as HLS only; FLV is a live stream.
        if (d.type === 'flv' && c.flv === '1' && route !== STREAM_ADDRESS_CALLS.hlsRecord.path) return ok({ url: `${base}/media/flv/clip.flv?${q}` });
        return fail('40010', '该通道不提供浏览器可播放的码流');
      });
    }

    app.get('/media/:format/:file', async (request, reply) => {
      const { format, file } = request.params as { format: string; file: string };
      const type = MEDIA_TYPES[path.extname(file)];
      const allowed = format === 'hls' ? /^[a-z0-9]+\.(m3u8|m2ts)$/ : format === 'flv' ? /^[a-z0-9]+\.flv$/ : null;
      if (!type || !allowed?.test(file)) return reply.code(404).send();
      const bytes = await fs.readFile(path.join(MEDIA_DIR, file));
      return reply.type(type).header('cache-control', 'no-cache').send(bytes);
    });
  };
  return { plugin, state };
}

/**
 * Recordings for every day: 00:00–06:00, 08:00–12:00 and 13:30–18:00 local time, clipped to the range.
 * Times are seconds since the epoch, as text (the gateway's form).
 */
export function recordsBetween(start: number, end: number, channelId: string) {
  const out: Array<{ startTime: string; endTime: string; recordType: string; recordName: string; fileLength: string; channelId: string }> = [];
  if (!(end > start)) return out;
  const first = new Date(start * 1000);
  first.setHours(0, 0, 0, 0);
  for (let day = first.getTime() / 1000; day < end; day += 86_400) {
    for (const [from, to] of [[0, 6], [8, 12], [13.5, 18]] as const) {
      const s = Math.max(day + from * 3600, start);
      const e = Math.min(day + to * 3600, end);
      if (e <= s) continue;
      out.push({ startTime: String(s), endTime: String(e), recordType: '1', recordName: `${channelId}_${s}`, fileLength: String((e - s) * 64_000), channelId });
    }
  }
  return out;
}
