import dayjs from 'dayjs';
import { VIDEO_TEXT, type PluginEvent, type PluginPush } from '@park/core';
import type { CellStatus } from '../wallTypes.ts';

/** What the wall lets the plug-in's pushes change. */
export interface PluginEventTarget {
  say: { success(text: string): void; info(text: string): void };
  setStatus(snum: number, status: CellStatus): void;
  talkClosed(): void;
  select(snum: number): void;
  resize(division: number): void;
}

type Handler = (info: PluginPush['info'], wall: PluginEventTarget) => void;

/** What each push of the plug-in does to the wall: every event has its entry, so a new one must be handled. */
const HANDLERS: Record<PluginEvent, Handler> = {
  'event.snapicFinished': (info, w) => w.say.success(VIDEO_TEXT.snapshotSaved(String(info.path))),
  'event.localRecordFinished': (info, w) => w.say.success(VIDEO_TEXT.localRecordSaved(String(info.path))),
  'event.seek': (info, w) => w.say.info(`已定位到 ${dayjs.unix(Number(info.seekTime)).format('YYYY-MM-DD HH:mm:ss')}`),
  'event.videoClosed': (info, w) => w.setStatus(Number(info.snum), 'closed'),
  'event.talkClosed': (_info, w) => w.talkClosed(),
  'event.windowSelect': (info, w) => selectWindow(info, w),
  'event.windowClick': (info, w) => selectWindow(info, w),
  'event.divisionChange': (info, w) => w.resize(Number(info.division)),
  'event.replay': (info, w) => w.setStatus(Number(info.snum), 'playing'),
};

function selectWindow(info: PluginPush['info'], w: PluginEventTarget) {
  const snum = Number(info.snum);
  if (Number.isInteger(snum)) w.select(snum);
}

export function handlePluginPush(push: PluginPush, wall: PluginEventTarget): void {
  HANDLERS[push.method](push.info, wall);
}
