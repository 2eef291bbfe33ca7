import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { BrowserPlayer, BrowserPlayerProps, BrowserVideoHandle } from './browserPlayer.ts';

/** Attaches a stream to the <video>; returns how to detach it. `fail` reports a Chinese reason. */
export type AttachStream = (video: HTMLVideoElement, url: string, live: boolean, fail: (message: string) => void) => (() => void) | undefined;

/**
 * One in-page player per format differs only in how its library attaches the stream, so the
 * <video> element, its handle and the failure callback live here once. Muted, so it may autoplay.
 */
export function mediaVideo(name: string, attach: AttachStream): BrowserPlayer {
  const Player = forwardRef<BrowserVideoHandle, BrowserPlayerProps>(function MediaVideo({ url, title, live, onFail }, ref) {
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
      if (!video) return undefined;
      return attach(video, url, live, (message) => failRef.current(message));
    }, [url, live]);

    return <video ref={videoRef} className="video-cell-media" autoPlay muted playsInline aria-label={title} data-testid="video-html5" />;
  });
  Player.displayName = name;
  return Player;
}
