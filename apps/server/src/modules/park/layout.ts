import type { Kysely } from 'kysely';
import type { ParkLayout, RoadGeo, ZoneGeo, LngLat } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** The park's layout as the rules and the ingestion calls use it: gates by code, roads, zones, routes. */
export interface LayoutSnapshot extends ParkLayout {
  gateIdByCode: ReadonlyMap<string, string>;
  routeByName: ReadonlyMap<string, { id: string; roadIds: string[] }>;
  routeRoads: ReadonlyMap<string, string[]>;
}

/** Stopping longer than this anywhere in the park is 违规停车 (no-parking roads set their own, shorter limit). */
export const PARK_MAX_STOP_MINUTES = 60;

/*
 * Read on every ingestion call, changed rarely: kept for a few seconds, so a layout change reaches
 * the rules quickly without a query per batch.
 */
const TTL_MS = 5_000;

export class LayoutCache {
  private snapshot: { value: LayoutSnapshot; at: number } | null = null;
  private loading: Promise<LayoutSnapshot> | null = null;
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<LayoutSnapshot> {
    if (this.snapshot && Date.now() - this.snapshot.at < TTL_MS) return this.snapshot.value;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  invalidate(): void {
    this.snapshot = null;
  }

  private async load(): Promise<LayoutSnapshot> {
    const [gates, roads, zones, routes] = await Promise.all([
      this.db.selectFrom('park_gate').select(['id', 'gate_code']).execute(),
      this.db.selectFrom('park_road').selectAll().execute(),
      this.db.selectFrom('park_zone').selectAll().execute(),
      this.db.selectFrom('park_route').selectAll().execute(),
    ]);
    const value: LayoutSnapshot = {
      gateIdByCode: new Map(gates.map((g) => [g.gate_code, g.id])),
      roads: roads.map(
        (r): RoadGeo => ({
          id: r.id,
          name: r.road_name,
          path: r.path as unknown as LngLat[],
          widthM: r.width_m,
          speedLimit: r.speed_limit,
          noParking: r.no_parking,
          maxStopMinutes: r.max_stop_minutes,
        }),
      ),
      zones: zones.map((z): ZoneGeo => ({ id: z.id, name: z.zone_name, type: z.zone_type as ZoneGeo['type'], polygon: z.polygon as unknown as LngLat[] })),
      maxStopMinutes: PARK_MAX_STOP_MINUTES,
      routeByName: new Map(routes.map((r) => [r.route_name, { id: r.id, roadIds: r.road_ids.map(String) }])),
      routeRoads: new Map(routes.map((r) => [r.id, r.road_ids.map(String)])),
    };
    this.snapshot = { value, at: Date.now() };
    return value;
  }
}
