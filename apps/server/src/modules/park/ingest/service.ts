import type { Kysely } from 'kysely';
import {
  ALARM_TYPES,
  checkIngestBatch,
  evaluatePosition,
  HAZARDOUS_VEHICLE,
  type EntryAlarmType,
  INGEST_BATCH_MAX,
  type AlarmType,
  type CheckedEvent,
  type EventError,
  type IngestKind,
  type TrackState,
} from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../plugins/errors.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../../msg/index.ts';
import type { IngestDevice } from '../devices/deviceAuth.ts';
import type { LayoutCache, LayoutSnapshot } from '../layout.ts';
import {
  alarmReceivers,
  companiesByCode,
  insertAlarms,
  insertDeviceStates,
  insertGatePasses,
  insertPersonPasses,
  insertPositionsAndLockTracks,
  saveTracksAndAlarms,
  type AlarmRow,
  type StoredAlarm,
  type TrackRow,
} from './repo.ts';
import { DeviceToucher } from './deviceToucher.ts';

export interface IngestResult {
  /** Events stored by this call. */
  accepted: number;
  /** Events already stored by an earlier call (same device and event id): skipped. */
  duplicates: number;
  /** Alarms the position rules raised (positions only). */
  alarms?: number;
}

/** A refused batch: every bad event with its index, and nothing stored. */
export class BatchError extends AppError {
  constructor(readonly details: EventError[]) {
    super(400, `共 ${details.length} 条事件不合法，整批未保存：${details.slice(0, 3).map((d) => `第${d.index + 1}条 ${d.message}`).join('；')}`, 400, details);
  }
}

type Handler = (device: IngestDevice, events: CheckedEvent[]) => Promise<IngestResult>;

/** A hazardous vehicle passing a gate inwards, as an entry check sees it. */
export interface GateEntry {
  /** The pass's event id at its device: an alarm for it is raised once, however often the batch is resent. */
  eventId: string;
  plate: string;
  passTime: number;
  companyId: string | null;
  companyName: string | null;
}

/**
 * A check another part of the platform hangs on the gates (issue 41: 危化品运输's waybill check):
 * given the hazardous vehicles entering in a batch, the ones to raise an alarm for, with its text.
 * The park module knows nothing of what is checked; the check knows nothing of the park's tables.
 */
export interface GateEntryCheck {
  alarmType: EntryAlarmType;
  check(db: Kysely<Database>, entries: readonly GateEntry[]): Promise<Array<{ eventId: string; content: string }>>;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Alarms of these levels are also sent as in-app messages to the park administrators. */
const NOTIFIED_LEVELS = new Set(['01']);

/**
 * The ingestion calls' work: check a batch with the shared field tables, resolve codes
 * (gates, companies, routes) against the park's data, and store it in one transaction.
 */
export class IngestService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly layout: LayoutCache,
  ) {
    this.toucher = new DeviceToucher(db);
  }

  private readonly toucher: DeviceToucher;
  private readonly entryChecks = new Set<GateEntryCheck>();

  /** Registers a check run on every hazardous vehicle's entry (see GateEntryCheck). */
  addEntryCheck(check: GateEntryCheck): void {
    this.entryChecks.add(check); // once, however often the app is built on this context
  }

  async ingest(kind: IngestKind, device: IngestDevice, raw: readonly unknown[], now = Date.now()): Promise<IngestResult> {
    if (raw.length === 0) throw new AppError(400, '事件列表不能为空');
    if (raw.length > INGEST_BATCH_MAX) throw new AppError(413, `每批最多 ${INGEST_BATCH_MAX} 条事件，本批 ${raw.length} 条`);
    const { events, errors } = checkIngestBatch(kind, raw, now);
    if (errors.length > 0) throw new BatchError(errors);
    return this.handlers[kind](device, events);
  }

  private readonly handlers: Record<IngestKind, Handler> = {
    gatePasses: (device, events) => this.gatePasses(device, events),
    personPasses: (device, events) => this.personPasses(device, events),
    positions: (device, events) => this.positions(device, events),
    alarms: (device, events) => this.alarms(device, events),
    deviceStates: (device, events) => this.deviceStates(device, events),
  };

  private async resolve(events: CheckedEvent[], layout: LayoutSnapshot) {
    const codes = [...new Set(events.map((e) => e.companyCode).filter((c): c is string => typeof c === 'string'))];
    const companies = await companiesByCode(this.db, codes);
    const errors: EventError[] = [];
    events.forEach((e, index) => {
      const problems: string[] = [];
      if ('gateCode' in e && !layout.gateIdByCode.has(String(e.gateCode))) problems.push(`道口不存在：${String(e.gateCode)}`);
      if (typeof e.companyCode === 'string' && !companies.has(e.companyCode)) problems.push(`企业不存在：${e.companyCode}`);
      if (typeof e.routeName === 'string' && !layout.routeByName.has(e.routeName)) problems.push(`规划路线不存在：${e.routeName}`);
      if (problems.length) errors.push({ index, eventId: e.eventId, message: problems.join('；') });
    });
    if (errors.length > 0) throw new BatchError(errors);
    return companies;
  }

  private async gatePasses(device: IngestDevice, events: CheckedEvent[]): Promise<IngestResult> {
    const layout = await this.layout.get();
    const companies = await this.resolve(events, layout);
    const rows = events.map((e) => {
      const company = typeof e.companyCode === 'string' ? companies.get(e.companyCode) : undefined;
      return {
        eventId: e.eventId,
        gateId: layout.gateIdByCode.get(String(e.gateCode))!,
        plate: String(e.plate),
        direction: Number(e.direction),
        passTime: Number(e.passTime),
        vehicleType: String(e.vehicleType),
        hazardousClass: str(e.hazardousClass),
        companyId: company?.id ?? null,
        companyName: str(e.companyName) ?? company?.name ?? null,
        driverName: str(e.driverName),
        driverPhone: str(e.driverPhone),
        material: str(e.material),
        loadTons: e.loadTons === null ? null : Number(e.loadTons),
        temporary: e.temporary === true || e.vehicleType === '4',
        routeId: typeof e.routeName === 'string' ? layout.routeByName.get(e.routeName)!.id : null,
        permitUntil: e.permitUntil === null ? null : Number(e.permitUntil),
        photoFileId: e.photoFileId === null ? null : Number(e.photoFileId),
      };
    });
    const accepted = await insertGatePasses(this.db, device.id, rows);
    const alarms = await this.checkEntries(device, rows);
    await this.toucher.touch(device.id);
    return { accepted, duplicates: events.length - accepted, ...(alarms > 0 ? { alarms } : {}) };
  }

  /**
   * The entry checks over this batch's hazardous entries (resent passes too: the alarm's event id
   * is the pass's, so a resent batch raises nothing twice). A check's failure leaves the passes
   * stored: a gate must never lose a passage because a check could not run.
   */
  private async checkEntries(device: IngestDevice, rows: ReadonlyArray<{ eventId: string; plate: string; direction: number; passTime: number; vehicleType: string; companyId: string | null; companyName: string | null }>): Promise<number> {
    if (this.entryChecks.size === 0) return 0;
    const entries = rows.filter((r) => r.direction === 1 && r.vehicleType === HAZARDOUS_VEHICLE);
    if (entries.length === 0) return 0;
    const byEvent = new Map(entries.map((e) => [e.eventId, e]));
    const alarms: AlarmRow[] = [];
    for (const check of this.entryChecks) {
      for (const found of await check.check(this.db, entries)) {
        const e = byEvent.get(found.eventId);
        if (!e) continue;
        alarms.push({
          alarmType: check.alarmType,
          alarmLevel: ALARM_TYPES[check.alarmType].level,
          source: 'rule',
          deviceId: device.id,
          eventId: `${check.alarmType}:${e.eventId}`,
          plate: e.plate,
          companyId: e.companyId,
          companyName: e.companyName,
          roadId: null,
          zoneId: null,
          lat: null,
          lng: null,
          time: e.passTime,
          content: found.content,
        });
      }
    }
    return (await insertAlarms(this.db, alarms)).length;
  }

  private async personPasses(device: IngestDevice, events: CheckedEvent[]): Promise<IngestResult> {
    const layout = await this.layout.get();
    const companies = await this.resolve(events, layout);
    const rows = events.map((e) => ({
      eventId: e.eventId,
      gateId: layout.gateIdByCode.get(String(e.gateCode))!,
      personName: String(e.personName),
      personType: String(e.personType),
      idNo: str(e.idNo),
      companyId: typeof e.companyCode === 'string' ? companies.get(e.companyCode)!.id : null,
      direction: Number(e.direction),
      passTime: Number(e.passTime),
    }));
    const accepted = await insertPersonPasses(this.db, device.id, rows);
    await this.toucher.touch(device.id);
    return { accepted, duplicates: events.length - accepted };
  }

  /**
   * Stores positions and runs the rules over the new ones, vehicle by vehicle in time order:
   * tracks are read and locked with the insert (row locks, so concurrent batches of the same
   * vehicles take turns on any instance), evaluated in memory, and written back with the alarms:
   * one transaction of two statements whatever the batch size. A position older than its
   * vehicle's track (a late batch) is stored but not evaluated.
   */
  private async positions(device: IngestDevice, events: CheckedEvent[]): Promise<IngestResult> {
    const layout = await this.layout.get();
    const rows = events.map((e) => ({
      eventId: e.eventId,
      plate: String(e.plate),
      time: Number(e.time),
      lat: Number(e.lat),
      lng: Number(e.lng),
      speed: Number(e.speed),
    }));
    const result = await this.db.transaction().execute(async (trx) => {
      const { fresh, tracks: known } = await insertPositionsAndLockTracks(trx, device.id, rows);
      const accepted = rows.filter((r) => fresh.has(r.eventId)).sort((a, b) => a.time - b.time);
      if (accepted.length === 0) return { accepted: 0, duplicates: events.length, alarms: 0 };
      const states = new Map<string, TrackState>();
      for (const t of known) {
        if (t.position_time) states.set(t.plate, { time: t.position_time.getTime(), roadId: t.road_id, stoppedSince: t.stopped_since?.getTime() ?? null, activeRules: t.active_rules ?? [] });
      }
      const permitOf = new Map(known.filter((p) => p.in_park).map((p) => [p.plate, p]));
      const changed = new Map<string, TrackRow>();
      const alarms: AlarmRow[] = [];
      for (const fix of accepted) {
        const p = permitOf.get(fix.plate);
        const permit = p
          ? { routeRoadIds: p.route_id ? (layout.routeRoads.get(p.route_id) ?? null) : null, permitUntil: p.permit_until ? new Date(p.permit_until).getTime() : null }
          : null;
        const result = evaluatePosition(states.get(fix.plate) ?? null, fix, layout, permit);
        if (!result) continue;
        states.set(fix.plate, result.state);
        changed.set(fix.plate, { ...fix, roadId: result.state.roadId, stoppedSince: result.state.stoppedSince, activeRules: [...result.state.activeRules] });
        for (const a of result.alarms) {
          alarms.push({
            alarmType: a.type,
            alarmLevel: a.level,
            source: 'rule',
            deviceId: null,
            eventId: null,
            plate: fix.plate,
            companyId: p?.company_id ?? null,
            companyName: p?.company_name ?? null,
            roadId: a.roadId,
            zoneId: a.zoneId,
            lat: fix.lat,
            lng: fix.lng,
            time: fix.time,
            content: a.content,
          });
        }
      }
      const stored = await saveTracksAndAlarms(trx, [...changed.values()], alarms);
      await this.notifyUrgent(trx, stored);
      return { accepted: accepted.length, duplicates: events.length - accepted.length, alarms: stored.length };
    });
    await this.toucher.touch(device.id);
    return result;
  }

  private async alarms(device: IngestDevice, events: CheckedEvent[]): Promise<IngestResult> {
    const layout = await this.layout.get();
    const companies = await this.resolve(events, layout);
    const rows = events.map((e): AlarmRow => {
      const type = e.alarmType as AlarmType;
      const company = typeof e.companyCode === 'string' ? companies.get(e.companyCode) : undefined;
      return {
        alarmType: type,
        alarmLevel: str(e.alarmLevel) ?? ALARM_TYPES[type].level,
        source: 'device',
        deviceId: device.id,
        eventId: e.eventId,
        plate: str(e.plate),
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
        roadId: null,
        zoneId: null,
        lat: e.lat === null ? null : Number(e.lat),
        lng: e.lng === null ? null : Number(e.lng),
        time: Number(e.time),
        content: str(e.content) ?? `${device.name}：${ALARM_TYPES[type].label}`,
      };
    });
    const stored = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertAlarms(trx, rows);
      await this.notifyUrgent(trx, inserted);
      return inserted;
    });
    await this.toucher.touch(device.id);
    return { accepted: stored.length, duplicates: events.length - stored.length };
  }

  private async deviceStates(device: IngestDevice, events: CheckedEvent[]): Promise<IngestResult> {
    const rows = events.map((e) => ({ eventId: e.eventId, online: Number(e.online), time: Number(e.time) }));
    const accepted = await insertDeviceStates(this.db, device.id, rows);
    this.toucher.forget(device.id);
    return { accepted, duplicates: events.length - accepted };
  }

  private async notifyUrgent(trx: Kysely<Database>, stored: StoredAlarm[]) {
    const urgent = stored.filter((a) => NOTIFIED_LEVELS.has(a.alarm_level));
    if (urgent.length === 0) return;
    const receivers = await alarmReceivers(trx);
    for (const a of urgent) {
      await notify(trx, {
        receiverIds: receivers,
        title: `一级报警：${ALARM_TYPES[a.alarm_type as AlarmType]?.label ?? a.alarm_type}`,
        content: a.content,
        bigType: MSG_BIG_TYPE.park,
        smallType: MSG_SMALL_TYPE.operations,
        params: { alarmId: Number(a.id) },
      });
    }
  }
}
