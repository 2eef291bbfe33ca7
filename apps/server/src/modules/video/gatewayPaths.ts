/*
 * The DSS gateway's calls (spec 002 §7, Dahua's evo-apigw layout). The adapter and the simulator both
 * read them from here, so the simulator answers exactly what the adapter asks.
 */
import type { BrowserStreamKind } from '@park/core';

export const GATEWAY = {
  publicKey: '/evo-apigw/evo-oauth/1.0.0/oauth/public-key',
  token: '/evo-apigw/evo-oauth/1.0.0/oauth/extend/token',
  tree: '/evo-apigw/evo-brm/1.2.0/tree',
  resourceInfo: '/evo-apigw/evo-brm/1.0.0/resource/info',
  startVideo: '/evo-apigw/admin/API/MTS/Video/StartVideo',
  queryRecords: '/evo-apigw/admin/API/SS/Record/QueryRecords',
  startPlaybackByTime: '/evo-apigw/admin/API/SS/Playback/StartPlaybackByTime',
  startTalk: '/evo-apigw/admin/API/MTS/Audio/StartTalk',
} as const;

/**
 * The generic stream-address call takes a caller-given method and path; the browser may only name one
 * of these kinds, so the platform never proxies an arbitrary path to the gateway.
 */
export const STREAM_ADDRESS_CALLS: Record<BrowserStreamKind, { method: 'POST'; path: string; type: string }> = {
  hlsLive: { method: 'POST', path: '/evo-apigw/admin/API/video/stream/realtime', type: 'hls' },
  hlsRecord: { method: 'POST', path: '/evo-apigw/admin/API/video/stream/record', type: 'hls' },
  flvLive: { method: 'POST', path: '/evo-apigw/admin/API/video/stream/realtime', type: 'flv' },
};

/** The gateway's answer to every call: a success flag, a code and data (code '0' = success). */
export interface GatewayEnvelope<T> {
  success: boolean;
  code: string;
  errMsg?: string;
  data: T;
}

/** The gateway's code for an access token that has expired or been revoked. */
export const TOKEN_INVALID_CODE = '27001007';

export interface GatewayTokenData {
  access_token: string;
  refresh_token: string;
  /** Seconds the access token lives. */
  expires_in: number;
  userId: string;
  magicId: string;
  remainderDays: number;
}

/** A resource-tree node as the gateway lists it (flat, linked by pId). */
export interface GatewayTreeNode {
  id: string;
  pId: string;
  name: string;
  /** 'org' for an organisation, 'channel' for a camera channel. */
  nodeType: 'org' | 'channel';
  isOnline?: '0' | '1';
  /** The simulator's way of saying an HLS stream exists for this channel (a real gateway: capability bits). */
  hls?: '0' | '1';
  /** The same for an FLV stream (HTTP-FLV; a real gateway may also give ws:// WebSocket-FLV addresses). */
  flv?: '0' | '1';
}
