import L from 'leaflet';
import { ALARM_LEVEL_COLORS } from '@park/core';
import { popupContent } from '../../popup.ts';
import type { MapLayerDefinition } from '../../types.ts';

/** Alarms waiting for disposal where they happened, in their level's colour; the popup disposes. */
export const alarmsLayer: MapLayerDefinition = {
  label: '报警',
  defaultVisible: true,
  draws: 'alarms',
  build: ({ data, actions }) =>
    L.layerGroup(
      data.alarms
        .filter((a) => a.lat !== null && a.lng !== null)
        .map((a) =>
          L.marker([a.lat!, a.lng!], {
            icon: L.divIcon({
              className: 'park-pin-holder',
              html: `<span class="park-alarm-pin" data-alarm-id="${a.id}" style="--alarm-color:${ALARM_LEVEL_COLORS[a.alarmLevel]}">!</span>`,
              iconSize: [24, 24],
              iconAnchor: [12, 12],
            }),
            title: `${a.alarmLevelName}：${a.alarmTypeName}`,
            zIndexOffset: 1000,
          }).bindPopup(() =>
            popupContent(
              `${a.alarmLevelName} · ${a.alarmTypeName}`,
              [a.content, a.plate ? `车牌：${a.plate}` : null, a.roadName ? `道路：${a.roadName}` : null, a.zoneName ? `区域：${a.zoneName}` : null, `时间：${a.alarmTime}`],
              [{ label: '处置', danger: true, run: () => actions.disposeAlarm(a) }],
            ),
          ),
        ),
    ),
};
