import type { BrowserFormat } from '@park/core';
import type { BrowserPlayer } from './browserPlayer.ts';
import { FlvVideo } from './FlvVideo.tsx';
import { HlsVideo } from './HlsVideo.tsx';

/** The in-page player for each browser-playable format the gateway offers (one entry per format). */
export const BROWSER_PLAYERS: Record<BrowserFormat, BrowserPlayer> = {
  hls: HlsVideo,
  flv: FlvVideo,
};
