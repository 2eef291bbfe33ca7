import mpegts from 'mpegts.js';
import { mediaVideo } from './mediaVideo.tsx';

/**
 * An FLV stream through mpegts.js (the maintained successor of flv.js): HTTP-FLV (http[s]://…) and
 * WebSocket-FLV (ws[s]://…), which mpegts.js tells apart by the address itself. It needs
 * MediaSource (Chromium, Firefox, Edge; Safari on macOS).
 */
export const FlvVideo = mediaVideo('FlvVideo', (video, url, live, fail) => {
  if (!mpegts.getFeatureList().mseLivePlayback) {
    fail('当前浏览器无法播放该视频流');
    return undefined;
  }
  const player = mpegts.createPlayer({ type: 'flv', url, isLive: live }, { enableWorker: false, lazyLoad: false });
  player.on(mpegts.Events.ERROR, () => fail('视频流播放失败'));
  player.attachMediaElement(video);
  player.load();
  // Autoplay of a muted video is allowed; a refusal here is not a stream failure.
  void Promise.resolve(player.play()).catch(() => undefined);
  return () => player.destroy();
});
