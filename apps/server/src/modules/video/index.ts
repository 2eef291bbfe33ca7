import { PLUGIN_PORTS } from '@park/core';
import type { Config } from '../../config.ts';
import { cspSourceOf } from '../../plugins/csp.ts';

export { videoRoutes } from './routes.ts';

/**
 * What the page's Content-Security-Policy must allow for the wall: the plug-in's WebSocket on
 * localhost 8000–8004, the gateway's media origins (HLS and HTTP-FLV are fetched, WebSocket-FLV is
 * opened as ws:// / wss:// on the same hosts; all are fed to the <video> as blob: MediaSource) and the
 * plug-in's URL scheme.
 */
export function videoCsp(config: Config): { connectSrc: string[]; mediaSrc: string[]; frameSrc: string[] } {
  const media = [config.video.dssUrl === 'simulator' ? '' : config.video.dssUrl, ...config.video.mediaOrigins]
    .map((u) => (u ? cspSourceOf(u) : null))
    .filter((s): s is string => s !== null);
  const plugin = PLUGIN_PORTS.flatMap((p) => [`ws://127.0.0.1:${p}`, `ws://localhost:${p}`]);
  const websocketFlv = media.map((s) => s.replace(/^http/, 'ws'));
  return { connectSrc: [...plugin, ...media, ...websocketFlv], mediaSrc: media, frameSrc: ['dhplayer:'] };
}
