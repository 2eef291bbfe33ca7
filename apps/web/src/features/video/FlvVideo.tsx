import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import mpegts from 'mpegts.js';
import type { BrowserPlayerProps, BrowserVideoHandle } from './browserPlayer.ts';

/**
 * An FLV stream in a <video> through mpegts.js (the maintained successor of flv.js): HTTP-FLV
 * (http[s]://…) and WebSocket-FLV (ws[s]://…), which mpegts.js tells apart by the address itself.
 * It needs MediaSource (Chromium, Firefox, Edge; Safari on macOS). Muted, so it may autoplay.
 */
export const FlvVideo = forwardRef<BrowserVideoHandle, BrowserPlayerProps>(function FlvVideo({ url, title, live, onFail }, ref) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const failRef = useRef(onFail);
  useEffect(() => {
    failRef.current = onFail;
  });
  useImperativeHandle(ref, () => ({ get video() {
    return videoRef.current;
  } }), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!mpegts.getFeatureList().mseLivePlayback) {
      failRef.current('当前浏览器无法播放该视频流');
      return undefined;
    }
    const player = mpegts.createPlayer({ type: 'flv', url, isLive: live }, { enableWorker: false, lazyLoad: false });
    player.on(mpegts.Events.ERROR, () => failRef.current('视频流播放失败'));
    player.attachMediaElement(video);
    player.load();
    // Autoplay of a muted video is allowed; a refusal here is not a stream failure.
    void Promise.resolve(player.play()).catch(() => undefined);
    return () => {
      player.destroy();
    };
  }, [url, live]);

  return <video ref={videoRef} className="video-cell-media" autoPlay muted playsInline aria-label={title} data-testid="video-html5" />;
});
