import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import Hls from 'hls.js';
import type { BrowserPlayerProps, BrowserVideoHandle } from './browserPlayer.ts';

/**
 * A browser-playable stream (HLS) in a <video>, through hls.js where the browser has MediaSource
 * (Chromium, Firefox, Edge) and natively where it plays HLS itself (Safari). Muted, so it may autoplay.
 */
export const HlsVideo = forwardRef<BrowserVideoHandle, BrowserPlayerProps>(
  function HlsVideo({ url, title, live, onFail }, ref) {
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
      if (Hls.isSupported()) {
        const hls = new Hls({ enableWorker: true, lowLatencyMode: live });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) failRef.current('视频流播放失败');
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
      failRef.current('当前浏览器无法播放该视频流');
      return undefined;
    }, [url, live]);

    return <video ref={videoRef} className="video-cell-media" autoPlay muted playsInline aria-label={title} data-testid="video-html5" />;
  },
);
