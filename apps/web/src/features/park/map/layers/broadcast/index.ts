import { devicePinLayer } from '../devicePins.ts';

/** Broadcast hosts with the zones they serve; the popup opens 应急广播. */
export const broadcastLayer = devicePinLayer({
  label: '广播',
  deviceType: 'broadcast',
  glyph: '广',
  onlineColor: '#722ed1',
  lines: (d) => [d.zones.length ? `广播分区：${d.zones.join('、')}` : '未绑定广播分区'],
  actions: (_d, actions) => [{ label: '去广播', run: actions.openBroadcast }],
});
