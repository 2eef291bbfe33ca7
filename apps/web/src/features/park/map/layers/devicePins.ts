import L from 'leaflet';
import { ONLINE_COLORS, ONLINE_STATES, type ConsoleMapReply } from '@park/core';
import { pinHtml, popupContent } from '../popup.ts';
import type { MapActions, MapLayerDefinition } from '../types.ts';

export type MapDevice = ConsoleMapReply['devices'][number];

/** What tells one kind of device pin from another: the rest (state colour, popup, size) is shared. */
export interface DevicePinSpec {
  label: string;
  /** The devices of the layout this layer pins. */
  deviceType: MapDevice['deviceType'];
  /** The pin's one character and its colour while online (offline pins are grey). */
  glyph: string;
  onlineColor: string;
  /** The popup's lines after 状态 (a null line is left out), and its buttons. */
  lines(device: MapDevice): Array<string | null>;
  actions(device: MapDevice, actions: MapActions): Array<{ label: string; run: () => void }>;
}

/**
 * A layer of the layout's devices of one type that have a position: a lettered pin in the state's
 * colour, titled by the device's name, whose popup says its state and offers what the device opens.
 */
export function devicePinLayer(spec: DevicePinSpec): MapLayerDefinition {
  return {
    label: spec.label,
    defaultVisible: true,
    draws: 'layout',
    build: ({ data, actions }) =>
      L.layerGroup(
        (data.layout?.devices ?? [])
          .filter((d) => d.deviceType === spec.deviceType && d.position)
          .map((d) =>
            L.marker([d.position![1], d.position![0]], {
              icon: L.divIcon({ className: 'park-pin-holder', html: pinHtml(spec.glyph, d.online === 1 ? spec.onlineColor : ONLINE_COLORS[0]), iconSize: [24, 24], iconAnchor: [12, 12] }),
              title: d.deviceName,
            }).bindPopup(() => popupContent(d.deviceName, [`状态：${ONLINE_STATES[d.online === 1 ? 1 : 0]}`, ...spec.lines(d)], spec.actions(d, actions))),
          ),
      ),
  };
}
