/* Video constants of spec 002 §9 and the messages of §5 and §8, in one place for server and browser. */

/** The DHPlayer plug-in listens on one of these localhost ports; the client tries them in turn. */
export const PLUGIN_PORTS = [8000, 8001, 8002, 8003, 8004] as const;
/** How long a launch through the URL scheme may take before the fallback applies. */
export const PLUGIN_CONNECT_WAIT_MS = 10_000;
/** The hidden frame that opens the URL scheme is removed after this. */
export const PLUGIN_LAUNCH_FRAME_MS = 3_000;
export const PLUGIN_HEARTBEAT_MS = 10_000;
export const PLUGIN_RECONNECT_MS = 2_000;
/** Sent to the plug-in as connectTime when the page gives none. */
export const PLUGIN_DEFAULT_CONNECT_TIME = 60;
export const PLUGIN_DEFAULT_DOWNLOAD_PATH = '/download/DHPlayer.zip';
/** The URL scheme that starts an installed plug-in. */
export const PLUGIN_URL_SCHEME = 'DHPlayer://';
/** Window positions and shields are re-sent on every n-th animation frame. */
export const PLUGIN_REPOSITION_EVERY_FRAMES = 5;
/** From this many streams on, the wall asks for the sub stream (2) instead of the main stream (1). */
export const SUB_STREAM_FROM = 4;
/** Recording addresses on this port are replayed through the platform (redirect) by default. */
export const REDIRECT_PORT = '9090';

/** Plug-in error codes (spec 002 §8). */
export const PLUGIN_CODES = {
  notInstalled: 1000,
  closed: 1001,
  reconnecting: 1002,
  noWebSocket: 1005,
} as const;
export type PluginCode = (typeof PLUGIN_CODES)[keyof typeof PLUGIN_CODES];

export const VIDEO_TEXT = {
  invertedRange: '开始时间不得大于结束时间',
  loginFailed: '用户名或密码错误',
  localRecordSaved: (path: string) => `本地录像已存到 ${path}`,
  snapshotSaved: (path: string) => `抓图已存到 ${path}`,
  pluginMessages: {
    1000: '未检测到视频播放插件，请下载安装',
    1001: '与视频播放插件的连接已关闭',
    1002: '与视频播放插件的连接中断，正在重连',
    1005: '当前浏览器不支持 WebSocket，无法连接视频播放插件',
  } satisfies Record<PluginCode, string>,
  notConfigured: '视频平台未配置',
  gatewayUnavailable: '视频平台无法连接，请稍后再试',
  noCameraAccess: '您无权查看该摄像头',
  cameraOffline: '摄像头不在线',
  needsPlugin: '该画面需要视频播放插件',
  tooManyStreams: (max: number) => `一次最多打开 ${max} 路视频`,
} as const;

/** The largest division the wall offers (and the most streams opened at once). */
export const MAX_WINDOWS = 16;
/** A playback range may span at most this many days (the gateway's own limit on QueryRecords). */
export const MAX_PLAYBACK_DAYS = 7;
