/*
 * The DHPlayer plug-in's local WebSocket protocol (spec 002 §7): the page sends {method, info, id, session};
 * the plug-in answers {id, code, data} (code 0 = done, anything else = that request failed) and pushes
 * native events as {method, info} without an id.
 */

export const PLUGIN_METHODS = [
  'common.version',
  'common.heartbeat',
  'window.create',
  'window.destroy',
  'window.change',
  'window.show',
  'window.shield',
  'window.select',
  'window.enableDrag',
  'video.realmonitor',
  'video.playback',
  'video.downloadByTime',
  'video.close',
  'video.starttalk',
  'video.closetalk',
  'video.playbackChangeState',
  'video.setToolBarShow',
  'video.division.change',
  'video.snapic',
  'video.fullScreen',
  'video.enableAudio',
  'video.enableIvs',
  'video.setOSDInfo',
  'browserFocusBlur',
  'video.localRecord',
] as const;
export type PluginMethod = (typeof PLUGIN_METHODS)[number];

/** Native events the plug-in pushes (spec 002 §4). */
export const PLUGIN_EVENTS = [
  'event.seek',
  'event.replay',
  'event.windowSelect',
  'event.videoClosed',
  'event.talkClosed',
  'event.snapicFinished',
  'event.localRecordFinished',
  'event.windowClick',
  'event.divisionChange',
] as const;
export type PluginEvent = (typeof PLUGIN_EVENTS)[number];

export interface PluginRequest {
  method: PluginMethod;
  info: Record<string, unknown>;
  id: number;
  /** Set by the plug-in's reply to window.create and sent with every later call of that page. */
  session: string;
}

export interface PluginReply {
  id: number;
  code: number;
  data?: Record<string, unknown>;
  message?: string;
}

export interface PluginPush {
  method: PluginEvent;
  info: Record<string, unknown>;
}

/** On-screen text (spec 002 §3) with its defaults. */
export interface OsdInfo {
  R: number;
  G: number;
  B: number;
  fontSize: number;
  positionX: number;
  positionY: number;
  osdInfo: string;
  fontWeight: number;
}
export const OSD_DEFAULTS: Omit<OsdInfo, 'osdInfo'> = { R: 255, G: 255, B: 255, fontSize: 14, positionX: 1, positionY: 1, fontWeight: 0 };

/** Talk settings (spec 002 §3); talkType 1. */
export const TALK_DEFAULTS = { audioType: 2, audioBit: 16, sampleRate: 8000, talkType: 1 } as const;

export function isPluginReply(x: unknown): x is PluginReply {
  return typeof x === 'object' && x !== null && typeof (x as PluginReply).id === 'number' && typeof (x as PluginReply).code === 'number';
}

export function isPluginPush(x: unknown): x is PluginPush {
  return (
    typeof x === 'object' &&
    x !== null &&
    !('id' in x) &&
    (PLUGIN_EVENTS as readonly string[]).includes((x as PluginPush).method)
  );
}
