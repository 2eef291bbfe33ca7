import { BROWSER_STREAM_KIND_OF, FORMAT_OF_KIND, parseDateTime, streamTypeFor, VIDEO_TEXT } from '@park/core';
import { startPlayback, startVideo, streamAddress } from '../api.ts';
import type { DhPlayerClient } from '../dhplayer/DhPlayerClient.ts';
import type { Cell, WallCamera, WallRequest } from '../wallTypes.ts';

/** Where a playback stream was opened: 下载录像 asks the plug-in for the same address. */
export interface PlaybackAddress {
  url: string;
  token: string;
}

/** The cell's new state after playing a camera in it; null leaves it to the plug-in's events. */
export type CellPatch = Partial<Cell> | null;

/**
 * Plays a camera in the plug-in's window `snum` of `n`: live on the stream type the window count
 * calls for (auxiliary from 4 windows), playback over the request's range with its recordings.
 */
export async function playInPlugin(
  client: DhPlayerClient,
  req: WallRequest,
  cam: WallCamera,
  slot: { snum: number; n: number },
  rememberPlayback: (addr: PlaybackAddress) => void,
): Promise<CellPatch> {
  const { snum, n } = slot;
  if (req.kind === 'live') {
    const streamType = streamTypeFor(n);
    const addr = await startVideo(cam.channelId, streamType);
    await client.request('video.realmonitor', {
      snum,
      channelId: cam.channelId,
      url: addr.url,
      token: addr.token,
      streamType,
      dataType: 1,
      redirect: addr.redirect,
    });
    return { status: 'playing' };
  }
  const addr = await startPlayback(cam.channelId, req.startTime, req.endTime);
  rememberPlayback(addr);
  await client.request('video.playback', {
    snum,
    channelId: cam.channelId,
    url: addr.url,
    token: addr.token,
    startTime: parseDateTime(req.startTime),
    endTime: parseDateTime(req.endTime),
    playStartTime: parseDateTime(req.startTime),
    playEndTime: parseDateTime(req.endTime),
    streamType: 1,
    dataType: 1,
    redirect: addr.redirect,
    records: req.records,
  });
  // The plug-in says when playback starts (event.replay); the cell stays as it is until then.
  return null;
}

/**
 * The fallback without the plug-in: a camera whose gateway also offers HLS or FLV plays in the page;
 * any other says it needs the plug-in.
 */
export async function playInBrowser(req: WallRequest, cam: WallCamera, n: number): Promise<CellPatch> {
  const kinds = cam.browserFormat ? BROWSER_STREAM_KIND_OF[cam.browserFormat] : null;
  const kind = req.kind === 'live' ? kinds?.live : kinds?.record;
  if (!kind) return { status: 'needsPlugin', message: VIDEO_TEXT.needsPlugin };
  const addr =
    req.kind === 'live'
      ? await streamAddress(kind, cam.channelId, streamTypeFor(n))
      : await streamAddress(kind, cam.channelId, 1, { startTime: req.startTime, endTime: req.endTime });
  return { status: 'playing', stream: { url: addr.url.split('|')[0]!, format: FORMAT_OF_KIND[kind], live: req.kind === 'live' } };
}
