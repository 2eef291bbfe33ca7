import Hls from 'hls.js';
import { mediaVideo } from './mediaVideo.tsx';

/**
 * An HLS stream through hls.js where the browser has MediaSource (Chromium, Firefox, Edge), and
 * natively where it plays HLS itself (Safari).
 */
export const HlsVideo = mediaVideo('HlsVideo', (video, url, live, fail) => {
  if (Hls.isSupported()) {
    const hls = new Hls({ enableWorker: true, lowLatencyMode: live });
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (data.fatal) fail('视频流播放失败');
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  fail('当前浏览器无法播放该视频流');
  return undefined;
});
