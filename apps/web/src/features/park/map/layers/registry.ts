import type { MapLayerDefinition, MapLayerKey } from '../types.ts';
import { alarmsLayer } from './alarms/index.ts';
import { broadcastLayer } from './broadcast/index.ts';
import { camerasLayer } from './cameras/index.ts';
import { gatesLayer } from './gates/index.ts';
import { roadsLayer } from './roads/index.ts';
import { vehiclesLayer } from './vehicles/index.ts';
import { zonesLayer } from './zones/index.ts';

/** The park map's layers, one folder each; a new layer key without its definition is a type error. */
export const MAP_LAYERS: Record<MapLayerKey, MapLayerDefinition> = {
  zones: zonesLayer,
  roads: roadsLayer,
  gates: gatesLayer,
  vehicles: vehiclesLayer,
  alarms: alarmsLayer,
  broadcast: broadcastLayer,
  cameras: camerasLayer,
};

/** Drawing order, bottom to top. */
export const LAYER_ORDER: readonly MapLayerKey[] = ['zones', 'roads', 'gates', 'broadcast', 'cameras', 'vehicles', 'alarms'];
