/**
 * Who the demo's hazardous vehicles are (issue 41). A park's hazardous traffic is mostly vehicles
 * that are expected — 危化品运输 knows them by their valid, approved waybills of the park day — and
 * now and then one that is not, which the gate's check catches. The park module knows nothing of
 * waybills: whoever knows the expected vehicles hands the simulator this face.
 */
export interface ExpectedArrivals {
  /** Plates of the hazardous vehicles that may arrive at this time (e.g. with a valid waybill for the park day). */
  plates(now: number): Promise<string[]>;
}

/** About one hazardous arrival in ten is a vehicle nobody expects (and raises the gate's alarm). */
export const UNEXPECTED_SHARE = 0.1;

/**
 * The plate of the next hazardous arrival: an expected vehicle that is not already driving in the
 * park, or — with `UNEXPECTED_SHARE` — `'unexpected'` (the caller makes a plate up). With nobody
 * expected at all (no source, or none filed today) every arrival is unexpected, as before issue 41.
 * When every expected vehicle is already inside, nobody arrives (`null`): an unexpected one then
 * would make the alarms the rule rather than the exception.
 */
export function nextHazardousPlate(expected: readonly string[], busy: ReadonlySet<string>, random: () => number): string | 'unexpected' | null {
  if (expected.length === 0) return 'unexpected';
  const free = expected.filter((p) => !busy.has(p));
  if (free.length === 0) return null;
  if (random() < UNEXPECTED_SHARE) return 'unexpected';
  return free[Math.floor(random() * free.length)]!;
}
