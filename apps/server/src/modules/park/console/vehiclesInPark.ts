import type { Kysely } from 'kysely';
import { HAZARDOUS_VEHICLE } from '@park/core';
import type { Database } from '../../../db/schema.ts';

export interface VehicleInPark {
  plate: string;
  gateName: string;
  enteredTime: string;
  companyName: string | null;
  driverName: string | null;
  material: string | null;
}

/**
 * The hazardous vehicles in the park now, latest entry first: what another module (危化品运输's
 * gate view) lays its own data beside, without reading the park's tables itself.
 */
export async function vehiclesInPark(db: Kysely<Database>, limit = 200): Promise<VehicleInPark[]> {
  const rows = await db
    .selectFrom('park_vehicle_in_park as v')
    .innerJoin('park_gate as g', 'g.id', 'v.gate_id')
    .select(['v.plate', 'g.gate_name', 'v.entered_time', 'v.company_name', 'v.driver_name', 'v.material'])
    .where('v.vehicle_type', '=', HAZARDOUS_VEHICLE)
    .orderBy('v.entered_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    plate: r.plate,
    gateName: r.gate_name,
    enteredTime: new Date(r.entered_time as unknown as string).toISOString(),
    companyName: r.company_name,
    driverName: r.driver_name,
    material: r.material,
  }));
}
