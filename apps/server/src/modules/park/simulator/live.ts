import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { pathLengthMetres, pointAlongPath, type DeviceType, type LngLat } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { IngestDevice } from '../devices/deviceAuth.ts';
import type { IngestService } from '../ingest/service.ts';
import type { LayoutCache } from '../layout.ts';
import { ensureDemoPark } from './demoPark.ts';
import { generateHistory } from './history.ts';
import { placeDemoDevices } from '../console/demoPlaces.ts';
import { nextHazardousPlate, type ExpectedArrivals } from './arrivals.ts';

/** A hazardous vehicle driving its route: how far along (metres) and how it behaves. */
interface Driver {
  plate: string;
  path: LngLat[];
  length: number;
  at: number;
  /** km/h the driver keeps; a few drive too fast, a few stop where they should not. */
  cruise: number;
  stopTicks: number;
  detour: boolean;
}

const TICK_MS = 5_000;
const MATERIALS: Array<[string, string]> = [['甲醇', '3'], ['硫酸', '8'], ['液氨', '2'], ['苯', '3'], ['盐酸', '8']];
/** Share of the day's traffic in each hour (gates pass vehicles by a daily rhythm). */
const RHYTHM = [0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.8, 1, 1, 0.8, 0.6, 0.6, 0.5, 0.6, 0.6, 0.6, 0.7, 1, 0.9, 0.6, 0.3, 0.2, 0.15, 0.1];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (p: number) => Math.random() < p;
const madeUpPlate = () => `湘${pick([...'ABCDEFGHJK'])}${String(10000 + Math.floor(Math.random() * 89999))}`;

/**
 * The demo park, alive: gates pass vehicles by the hour's rhythm, hazardous vehicles drive
 * their routes with a position every 5 s (some speed, stop or stray into the tank farm, and the
 * rules raise the alarms), people come and go, devices drop offline now and then. Everything goes
 * through IngestService, the path devices use, so the console shows what real devices would cause.
 */
export class ParkSimulator {
  private timer: NodeJS.Timeout | null = null;
  private drivers = new Map<string, Driver>();
  private devices = new Map<DeviceType, IngestDevice[]>();
  private seq = 0;
  private ticking = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ingest: IngestService,
    private readonly layout: LayoutCache,
    private readonly logger: Logger,
    /** The hazardous vehicles the park expects (危化品运输's waybills of the day); none: all made up. */
    private readonly expected: ExpectedArrivals | null = null,
  ) {}

  /** Builds the demo park and its month of history if they are not there yet, then starts ticking. */
  async start(historyDays = 30): Promise<{ created: boolean; ms: number }> {
    const t0 = performance.now();
    const created = await ensureDemoPark(this.db);
    if (created) {
      this.layout.invalidate();
      await generateHistory(this.db, historyDays);
    }
    await placeDemoDevices(this.db); // the console map's hosts and cameras (issue 24)
    await this.loadDevices();
    const ms = Math.round(performance.now() - t0);
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    return { created, ms };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async loadDevices() {
    const rows = await this.db.selectFrom('park_device').select(['id', 'device_code', 'device_name', 'device_type', 'gate_id']).where('status', '=', 0).orderBy('id').execute();
    this.devices.clear();
    for (const r of rows) {
      const list = this.devices.get(r.device_type as DeviceType) ?? [];
      list.push({ id: r.id, code: r.device_code, name: r.device_name, type: r.device_type as DeviceType, gateId: r.gate_id });
      this.devices.set(r.device_type as DeviceType, list);
    }
  }

  private eventId(prefix: string) {
    return `sim-${prefix}-${Date.now().toString(36)}-${(this.seq++).toString(36)}`;
  }

  /** One step of the park; a failing step is logged and the next one tries again. */
  async tick(now = Date.now()): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.gates(now);
      await this.drive(now);
      await this.people(now);
      await this.deviceLife(now);
    } catch (err) {
      this.logger.warn({ err }, 'park simulator step failed');
    } finally {
      this.ticking = false;
    }
  }

  /** The plate camera standing at a gate. */
  private gateDevice(gateId: string | undefined) {
    return (this.devices.get('gate') ?? []).find((d) => d.gateId === gateId) ?? null;
  }

  /** Entries and exits by the hour's rhythm; hazardous vehicles come in at the 3rd gate and start driving. */
  private async gates(now: number) {
    const layout = await this.layout.get();
    const hour = new Date(now).getHours();
    const rate = RHYTHM[hour]! * 0.6;
    const codes = [...layout.gateIdByCode.keys()];
    if (codes.length === 0) return;
    if (chance(rate)) await this.arrive(now, chance(0.35));
    if (chance(rate)) {
      // Someone leaves: a vehicle that is not a driving hazardous one.
      const leaving = await this.db.selectFrom('park_vehicle_in_park').select(['plate', 'gate_id', 'vehicle_type']).where('vehicle_type', '<>', '2').orderBy('entered_time').limit(20).execute();
      const v = leaving.length ? pick(leaving) : null;
      const gateCode = v ? [...layout.gateIdByCode.entries()].find(([, id]) => id === v.gate_id)?.[0] : undefined;
      const device = gateCode ? this.gateDevice(v!.gate_id) : null;
      if (v && gateCode && device) {
        await this.ingest.ingest('gatePasses', device, [{ eventId: this.eventId('out'), gateCode, plate: v.plate, direction: 2, passTime: now, vehicleType: v.vehicle_type }], now);
      }
    }
  }

  /**
   * One vehicle comes in: an ordinary one at the first two gates, or a hazardous one at the third
   * that starts driving its route — mostly an expected vehicle (see arrivals.ts), now and then one
   * nobody expects. Answers the plate that came in, or null when nobody did.
   */
  async arrive(now: number, hazardous: boolean): Promise<string | null> {
    const layout = await this.layout.get();
    const codes = [...layout.gateIdByCode.keys()];
    if (codes.length === 0) return null;
    const gateCode = hazardous ? (codes[2] ?? codes[0]!) : pick(codes.slice(0, 2));
    const device = this.gateDevice(layout.gateIdByCode.get(gateCode));
    if (!device) return null;
    const next = hazardous ? nextHazardousPlate((await this.expected?.plates(now)) ?? [], new Set(this.drivers.keys()), Math.random) : 'unexpected';
    if (next === null) return null;
    const plate = next === 'unexpected' ? madeUpPlate() : next;
    const [material, hazardousClass] = pick(MATERIALS);
    const route = [...layout.routeByName.keys()][0];
    await this.ingest.ingest('gatePasses', device, [
      {
        eventId: this.eventId('in'),
        gateCode,
        plate,
        direction: 1,
        passTime: now,
        vehicleType: hazardous ? '2' : pick(['1', '1', '3', '4']),
        ...(hazardous ? { hazardousClass, material, loadTons: Math.round(5 + Math.random() * 30), companyName: '湘江物流有限公司', routeName: route, permitUntil: now + 3 * 3600_000 } : {}),
      },
    ], now);
    if (hazardous && route) this.addDriver(plate, layout.routeByName.get(route)!.roadIds, layout);
    return plate;
  }

  private addDriver(plate: string, roadIds: string[], layout: Awaited<ReturnType<LayoutCache['get']>>) {
    const path = roadIds.flatMap((id) => layout.roads.find((r) => r.id === id)?.path ?? []);
    if (path.length < 2) return;
    this.drivers.set(plate, {
      plate,
      path,
      length: pathLengthMetres(path),
      at: 0,
      cruise: chance(0.15) ? 45 + Math.random() * 10 : 18 + Math.random() * 10,
      stopTicks: chance(0.1) ? 240 : 0,
      detour: chance(0.08),
    });
  }

  /** A position for every driving hazardous vehicle; those at the end of their route leave. */
  private async drive(now: number) {
    const gps = this.devices.get('gps')?.[0];
    if (!gps || this.drivers.size === 0) return;
    const fixes = [];
    const arrived: Driver[] = [];
    for (const d of this.drivers.values()) {
      const stopped = d.stopTicks > 0 && d.at > d.length * 0.4;
      if (stopped) d.stopTicks--;
      const speed = stopped ? 0 : d.cruise * (0.9 + Math.random() * 0.2);
      d.at += (speed / 3.6) * (TICK_MS / 1000);
      let [lng, lat] = pointAlongPath(d.path, d.at / d.length);
      // A straying driver cuts across the tank farm halfway.
      if (d.detour && d.at > d.length * 0.5 && d.at < d.length * 0.6) [lng, lat] = [110.362, 28.3065];
      fixes.push({ eventId: this.eventId('gps'), plate: d.plate, time: now, lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)), speed: Math.round(speed * 10) / 10 });
      if (d.at >= d.length) arrived.push(d);
    }
    await this.ingest.ingest('positions', gps, fixes, now);
    for (const d of arrived) {
      this.drivers.delete(d.plate);
      const layout = await this.layout.get();
      const code = [...layout.gateIdByCode.keys()][1];
      const device = code ? this.gateDevice(layout.gateIdByCode.get(code)) : null;
      if (code && device) await this.ingest.ingest('gatePasses', device, [{ eventId: this.eventId('out'), gateCode: code, plate: d.plate, direction: 2, passTime: now, vehicleType: '2' }], now);
    }
  }

  private async people(now: number) {
    const device = this.devices.get('person_gate')?.[0];
    if (!device || !chance(RHYTHM[new Date(now).getHours()]! * 0.5)) return;
    const layout = await this.layout.get();
    const gateCode = [...layout.gateIdByCode.entries()].find(([, id]) => id === device.gateId)?.[0];
    if (!gateCode) return;
    const who = Math.floor(Math.random() * 160);
    const inside = await this.db.selectFrom('park_person_in_park').select('person_key').where('person_key', '=', `P${String(who).padStart(6, '0')}`).executeTakeFirst();
    await this.ingest.ingest('personPasses', device, [
      { eventId: this.eventId('p'), gateCode, personName: `访客${who}`, personType: pick(['员工', '员工', '访客', '承包商', '司机']), idNo: `P${String(who).padStart(6, '0')}`, direction: inside ? 2 : 1, passTime: now },
    ], now);
  }

  /** Now and then a camera or alarm host drops offline, and comes back a few minutes later. */
  private async deviceLife(now: number) {
    if (!chance(0.02)) return;
    const device = pick([...(this.devices.get('camera') ?? []), ...(this.devices.get('alarm') ?? [])]);
    if (!device) return;
    const row = await this.db.selectFrom('park_device').select('online').where('id', '=', device.id).executeTakeFirst();
    await this.ingest.ingest('deviceStates', device, [{ eventId: this.eventId('state'), online: row?.online === 1 ? 0 : 1, time: now }], now);
    if (chance(0.1)) {
      await this.ingest.ingest('alarms', device, [{ eventId: this.eventId('alarm'), alarmType: pick(['intrusion', 'equipment', 'gas_leak']), time: now }], now);
    }
  }
}
