import type L from 'leaflet';
import type { ConsoleMapReply, TracksReply } from '@park/core';
import type { AlarmRow } from '../console/api.ts';

/** What the park map's layers draw from: the layout and devices, the tracks, the waiting alarms. */
export interface ParkMapData {
  layout: ConsoleMapReply | undefined;
  tracks: TracksReply['datas'];
  alarms: AlarmRow[];
}

/** What a layer's popups may ask the page to do. */
export interface MapActions {
  openCamera(channelId: string): void;
  disposeAlarm(alarm: AlarmRow): void;
  openGate(gateId: number): void;
  openBroadcast(): void;
}

export interface MapLayerContext {
  data: ParkMapData;
  actions: MapActions;
}

/** One map layer: its name in the layer list, whether it starts shown, and how it is drawn. */
export interface MapLayerDefinition {
  label: string;
  defaultVisible: boolean;
  /**
   * The part of the data the layer draws. A layer is rebuilt only when that part changes: rebuilding
   * the gates with every vehicle refresh left their permanent labels fading out beside the new ones.
   */
  draws: keyof ParkMapData;
  build(ctx: MapLayerContext): L.Layer;
}

export type MapLayerKey = 'zones' | 'roads' | 'gates' | 'vehicles' | 'alarms' | 'broadcast' | 'cameras';
