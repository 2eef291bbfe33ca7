import type { RecordSegment } from '@park/core';

export interface WallCamera {
  channelId: string;
  name: string;
  /** The gateway also offers HLS for it, so it plays without the plug-in. */
  browserPlayable: boolean;
}

/** What the page asks the wall to show; a new `key` opens it again. */
export type WallRequest =
  | { kind: 'live'; cameras: WallCamera[]; key: number }
  | { kind: 'playback'; camera: WallCamera; startTime: string; endTime: string; records: RecordSegment[]; key: number };

export type CellStatus = 'loading' | 'playing' | 'error' | 'needsPlugin' | 'closed';

export interface Cell {
  camera: WallCamera;
  status: CellStatus;
  message?: string;
  /** Browser mode: the HLS address played in the page. */
  hlsUrl?: string;
  /** Browser mode: on-screen text drawn over the video. */
  osd?: string;
}
