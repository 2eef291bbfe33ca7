import type { BrowserFormat, RecordSegment } from '@park/core';

export interface WallCamera {
  channelId: string;
  name: string;
  /** The stream format the gateway also offers for it (it then plays without the plug-in), or null. */
  browserFormat: BrowserFormat | null;
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
  /** Browser mode: the address played in the page, and its format (which picks the player). */
  stream?: { url: string; format: BrowserFormat; live: boolean };
  /** Browser mode: on-screen text drawn over the video. */
  osd?: string;
}
