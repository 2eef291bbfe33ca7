import type { ForwardRefExoticComponent, RefAttributes } from 'react';

/** What the wall reads from an in-page player: its <video> (seek, currentTime). */
export interface BrowserVideoHandle {
  video: HTMLVideoElement | null;
}

export interface BrowserPlayerProps {
  url: string;
  title: string;
  /** Live streams may not be sought and are kept near the live edge. */
  live: boolean;
  onFail: (message: string) => void;
}

export type BrowserPlayer = ForwardRefExoticComponent<BrowserPlayerProps & RefAttributes<BrowserVideoHandle>>;
