import { PLUGIN_PORTS } from '@park/core';
import type { Config } from '../../config.ts';
import { cspSourceOf } from '../form/routes.ts';

export { videoRoutes } from './routes.ts';

/**
 * What the page's Content-Security-Policy must allow for the wall: the plug-in's WebSocket on
 * localhost 8000–8004, the gateway's media origins for HLS, and the plug-in's URL scheme.
 */
export function videoCsp(config: Config): { connectSrc: string[]; mediaSrc: string[]; frameSrc: string[] } {
  const media = [config.video.dssUrl === 'simulator' ? '' : config.video.dssUrl, ...config.video.mediaOrigins]
    .map((u) => (u ? cspSourceOf(u) : null))
    .filter((s): s is string => s !== null);
  const plugin = PLUGIN_PORTS.flatMap((p) => [`ws://127.0.0.1:${p}`, `ws://localhost:${p}`]);
  return { connectSrc: [...plugin, ...media], mediaSrc: media, frameSrc: ['dhplayer:'] };
}
