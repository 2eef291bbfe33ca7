import L from 'leaflet';
import { ONLINE_COLORS, ONLINE_STATES } from '@park/core';
import { pinHtml, popupContent } from '../../popup.ts';
import type { MapLayerDefinition } from '../../types.ts';

/** Cameras; one with a channel opens the video wall on it. */
export const camerasLayer: MapLayerDefinition = {
  label: '视频监控',
  defaultVisible: true,
  draws: 'layout',
  build: ({ data, actions }) =>
    L.layerGroup(
      (data.layout?.devices ?? [])
        .filter((d) => d.deviceType === 'camera' && d.position)
        .map((d) =>
          L.marker([d.position![1], d.position![0]], {
            icon: L.divIcon({ className: 'park-pin-holder', html: pinHtml('摄', d.online === 1 ? '#13c2c2' : ONLINE_COLORS[0]), iconSize: [24, 24], iconAnchor: [12, 12] }),
            title: d.deviceName,
          }).bindPopup(() =>
            popupContent(
              d.deviceName,
              [`状态：${ONLINE_STATES[d.online === 1 ? 1 : 0]}`, d.channelId ? null : '未关联视频通道'],
              d.channelId ? [{ label: '查看视频', run: () => actions.openCamera(d.channelId!) }] : [],
            ),
          ),
        ),
    ),
};
