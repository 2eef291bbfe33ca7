import { devicePinLayer } from '../devicePins.ts';

/** Cameras; one with a channel opens the video wall on it. */
export const camerasLayer = devicePinLayer({
  label: '视频监控',
  deviceType: 'camera',
  glyph: '摄',
  onlineColor: '#13c2c2',
  lines: (d) => [d.channelId ? null : '未关联视频通道'],
  actions: (d, actions) => (d.channelId ? [{ label: '查看视频', run: () => actions.openCamera(d.channelId!) }] : []),
});
