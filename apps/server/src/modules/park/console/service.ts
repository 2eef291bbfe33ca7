import type { Kysely } from 'kysely';
import {
  evacuationRoute,
  HAZARDOUS_CLASSES,
  TRACK_MINUTES,
  type CommandLogRow,
  type ConsoleMapReply,
  type EvacuationReply,
  type LngLat,
  type TracksReply,
  type VehicleTrack,
  type WhiteListRow,
} from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../plugins/errors.ts';
import { formatTime, toNum } from '../format.ts';
import * as repo from './repo.ts';

/** Which logged commands each console screen shows (the names commands/service.ts logs under). */
export const COMMAND_KINDS = {
  door: ['开闸'],
  whiteList: ['下发白名单'],
  broadcast: ['设置广播音量', '采集卡广播', '文字广播', '播放外部音频', '播放曲目', '停止广播'],
} as const;
export type CommandKind = keyof typeof COMMAND_KINDS;

/** A track keeps at most this many points: an hour every 5 s is 720, more than a line needs. */
const TRACK_POINTS_MAX = 360;

const lngLat = (lng: number | null, lat: number | null): LngLat | null => (lng === null || lat === null ? null : [lng, lat]);

function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  const step = points.length / max;
  const out = Array.from({ length: max - 1 }, (_, i) => points[Math.floor(i * step)]!);
  out.push(points[points.length - 1]!);
  return out;
}

export class ConsoleService {
  constructor(private readonly db: Kysely<Database>) {}

  async map(): Promise<ConsoleMapReply> {
    const [gates, roads, zones, devices] = await Promise.all([repo.gatesWithState(this.db), repo.roads(this.db), repo.zones(this.db), repo.placedDevices(this.db)]);
    return {
      errCode: 0,
      gates: gates.rows.map((g) => ({
        id: toNum(g.id),
        gateCode: g.gate_code,
        gateName: g.gate_name,
        position: lngLat(g.lng, g.lat),
        online: toNum(g.cameras) === 0 ? null : toNum(g.online) === toNum(g.cameras) ? 1 : 0,
      })),
      roads: roads.map((r) => ({ id: toNum(r.id), name: r.road_name, path: r.path as unknown as LngLat[], speedLimit: r.speed_limit, noParking: r.no_parking })),
      zones: zones.map((z) => ({ id: toNum(z.id), name: z.zone_name, type: z.zone_type as 'forbidden' | 'area', polygon: z.polygon as unknown as LngLat[] })),
      devices: devices.rows.map((d) => ({
        id: toNum(d.id),
        deviceCode: d.device_code,
        deviceName: d.device_name,
        deviceType: d.device_type,
        online: d.online,
        position: lngLat(d.lng, d.lat),
        channelId: d.channel_id,
        zones: d.zones ?? [],
      })),
    };
  }

  async tracks(minutes = TRACK_MINUTES, now = new Date()): Promise<TracksReply> {
    const rows = await repo.recentTracks(this.db, new Date(now.getTime() - minutes * 60_000));
    const byPlate = new Map<string, VehicleTrack>();
    for (const r of rows.rows) {
      let t = byPlate.get(r.plate);
      if (!t) {
        t = {
          plate: r.plate,
          companyName: r.company_name,
          material: r.material,
          hazardousClassName: r.hazardous_class ? (HAZARDOUS_CLASSES[r.hazardous_class as keyof typeof HAZARDOUS_CLASSES] ?? r.hazardous_class) : null,
          points: [],
        };
        byPlate.set(r.plate, t);
      }
      t.points.push({ position: [r.lng, r.lat], time: formatTime(r.position_time), speed: r.speed });
    }
    return { errCode: 0, minutes, datas: [...byPlate.values()].map((t) => ({ ...t, points: thin(t.points, TRACK_POINTS_MAX) })) };
  }

  /** The route from a point to the nearest gate along the park's roads. */
  async evacuation(point: LngLat): Promise<EvacuationReply> {
    const [gates, roads] = await Promise.all([repo.gatesWithState(this.db), repo.roads(this.db)]);
    const exits = gates.rows.filter((g) => g.lat !== null && g.lng !== null).map((g) => ({ id: g.id, name: g.gate_name, position: [g.lng!, g.lat!] as LngLat }));
    const route = evacuationRoute(point, roads.map((r) => r.path as unknown as LngLat[]), exits);
    if (!route) throw notFound('园区未设置出入口，无法规划疏散路线');
    return { errCode: 0, exitId: toNum(route.exit.id), exitName: route.exit.name, path: route.path, lengthM: route.lengthM, straight: route.straight };
  }

  async commandLog(kind: CommandKind | undefined, limit: number, offset: number): Promise<{ datas: CommandLogRow[]; totalCount: number }> {
    const { rows, total } = await repo.commandLog(this.db, kind ? COMMAND_KINDS[kind] : null, limit, offset);
    // Broadcast commands are logged against zone ids; people read zone names.
    const broadcast = new Set<string>(COMMAND_KINDS.broadcast);
    const zoneIds = [...new Set(rows.filter((r) => broadcast.has(r.command)).flatMap((r) => (r.target ?? '').split(',').filter((id) => /^\d+$/.test(id))))];
    const zoneName = new Map((await repo.broadcastZoneNames(this.db, zoneIds)).map((z) => [z.id, z.zone_name]));
    const targetOf = (r: (typeof rows)[number]) => (broadcast.has(r.command) && r.target ? r.target.split(',').map((id) => zoneName.get(id) ?? id).join('、') : r.target);
    return {
      totalCount: total,
      datas: rows.map((r) => ({
        id: toNum(r.id),
        command: r.command,
        target: targetOf(r),
        username: r.username,
        ok: r.ok,
        message: typeof r.result === 'object' && r.result !== null && 'message' in r.result ? String((r.result as { message: unknown }).message) : '',
        createTime: formatTime(r.create_time),
      })),
    };
  }

  async whiteList(plate: string | null, limit: number, offset: number): Promise<{ datas: WhiteListRow[]; totalCount: number }> {
    const { rows, total } = await repo.whiteList(this.db, plate, limit, offset);
    return {
      totalCount: total,
      datas: rows.map((r) => ({ id: toNum(r.id), plate: r.plate, gateName: r.gate_name, validFrom: formatTime(r.valid_from), validTo: formatTime(r.valid_to), ownerName: r.owner_name })),
    };
  }
}
