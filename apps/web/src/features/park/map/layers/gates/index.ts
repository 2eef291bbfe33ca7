import L from 'leaflet';
import { ONLINE_COLORS } from '@park/core';
import { pinHtml, popupContent } from '../../popup.ts';
import type { MapLayerDefinition } from '../../types.ts';

/** Gates (卡口): a pin in the cameras' state colour; the popup opens the gate's screen. */
export const gatesLayer: MapLayerDefinition = {
  label: '卡口',
  defaultVisible: true,
  draws: 'layout',
  build: ({ data, actions }) =>
    L.layerGroup(
      (data.layout?.gates ?? [])
        .filter((g) => g.position)
        .map((g) => {
          const state = g.online === null ? '未接入设备' : g.online === 1 ? '在线' : '有设备离线';
          const color = g.online === 0 ? ONLINE_COLORS[0] : '#1677ff';
          return L.marker([g.position![1], g.position![0]], {
            icon: L.divIcon({ className: 'park-pin-holder', html: pinHtml('门', color, 'park-pin-gate'), iconSize: [26, 26], iconAnchor: [13, 13] }),
            title: g.gateName,
          })
            .bindTooltip(g.gateName, { permanent: true, direction: 'bottom', offset: [0, 12], className: 'park-label' })
            .bindPopup(() => popupContent(g.gateName, [`编号：${g.gateCode}`, `设备：${state}`], [{ label: '进入卡口', run: () => actions.openGate(g.id) }]));
        }),
    ),
};
