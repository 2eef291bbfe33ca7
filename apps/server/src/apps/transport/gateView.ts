import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { vehiclesInPark, type VehicleInPark } from '../../modules/park/index.ts';
import { isValidForEntry, parkDay, waybillsOfPlates, type GateWaybill } from './waybills.ts';

export interface GateRow extends VehicleInPark {
  /** The waybill it entered on: the valid one of its entry day, else the newest of that day. */
  waybill: GateWaybill | null;
  valid: boolean;
}

/** 门岗运单: the hazardous vehicles in the park now, each with its waybill when it has one. */
export async function gateView(db: Kysely<Database>): Promise<GateRow[]> {
  const vehicles = await vehiclesInPark(db);
  const dayOf = (v: VehicleInPark) => parkDay(new Date(v.enteredTime).getTime());
  const waybills = await waybillsOfPlates(db, vehicles.map((v) => v.plate), [...new Set(vehicles.map(dayOf))]);
  return vehicles.map((v) => {
    const day = dayOf(v);
    const mine = waybills.filter((w) => w.plate === v.plate && w.planTime.slice(0, 10) === day);
    const valid = mine.find((w) => isValidForEntry(w, day)) ?? null;
    return { ...v, waybill: valid ?? mine[0] ?? null, valid: valid !== null };
  });
}
