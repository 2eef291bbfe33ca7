/* What the platform's /api/video/* calls answer (docs/api.md, "Video"). The gateway's token never reaches the browser. */

/** A node of the camera tree: an organisation (camera group) or a camera channel. */
export interface VideoTreeNode {
  /** Organisation code or channel id, unique in the tree. */
  id: string;
  name: string;
  kind: 'org' | 'channel';
  /** Channels: 1 online, 0 offline (spec 002 display filter "device online"). */
  isOnline?: 0 | 1;
  /** Channels: the gateway also offers a browser-playable stream (HLS or FLV), so no plug-in is needed. */
  browserPlayable?: boolean;
  /** Channels that are browser-playable: the stream format the wall asks for (HLS preferred when both). */
  browserFormat?: BrowserFormat;
  children?: VideoTreeNode[];
}

export interface VideoTreeReply {
  errCode: 0;
  tree: VideoTreeNode[];
}

/** Plug-in info (spec 002 §3): where to download it and the version the platform expects. */
export interface PlayerInfoReply {
  errCode: 0;
  url: string;
  version: string;
}

/** A stream address: url may hold several addresses separated by `|`; token is for the plug-in. */
export interface StreamReply {
  errCode: 0;
  url: string;
  token: string;
  /** Recording addresses on port 9090 are replayed through the platform (spec 002 §7). */
  redirect: boolean;
}

export interface RecordsReply {
  errCode: 0;
  records: import('./playback.ts').RecordSegment[];
}

/** Stream kinds the generic stream-address call may ask for (an allowlist, not free paths). */
export const BROWSER_STREAM_KINDS = ['hlsLive', 'hlsRecord', 'flvLive'] as const;
export type BrowserStreamKind = (typeof BROWSER_STREAM_KINDS)[number];

/** Formats a page can play without the plug-in: HLS (hls.js) and FLV over HTTP or WebSocket (mpegts.js). */
export type BrowserFormat = 'hls' | 'flv';

/**
 * Which stream-address kind to ask for, per format: live always; recordings only where the gateway
 * replays that format (DSS replays recordings as HLS only, so an FLV-only camera's playback needs the plug-in).
 */
export const BROWSER_STREAM_KIND_OF: Record<BrowserFormat, { live: BrowserStreamKind; record: BrowserStreamKind | null }> = {
  hls: { live: 'hlsLive', record: 'hlsRecord' },
  flv: { live: 'flvLive', record: null },
};

/** The format a stream-address kind yields (the wall picks its player by it). */
export const FORMAT_OF_KIND: Record<BrowserStreamKind, BrowserFormat> = { hlsLive: 'hls', hlsRecord: 'hls', flvLive: 'flv' };
