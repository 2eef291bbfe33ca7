import type { ApiOk, CommandLogRow, ConsoleMapReply, EvacuationReply, TracksReply, WhiteListRow } from '@park/core';
import { get, postJson, type Query } from '../../../lib/http.ts';

/**
 * The park console's calls (issue 24): the catalogue's statistics (spec 002 §7, docs/api.md
 * "Park operations"), the console's own /api/park/console/* calls and the device commands.
 */

/** A chart: every category, one series per name (empty buckets are 0). */
export interface ChartData {
  categories: string[];
  series: Array<{ name: string; data: number[] }>;
}
export interface Named {
  code?: string;
  name: string;
  value: number;
}
export interface Paged<T> {
  datas: T[];
  totalCount: number;
}

export interface PassRow {
  id: number;
  plate: string;
  direction: 1 | 2;
  directionName: string;
  passTime: string;
  gateId: number;
  gateName: string;
  vehicleType: string;
  vehicleTypeName: string;
  hazardousClassName: string | null;
  companyName: string | null;
  driverName: string | null;
  material: string | null;
  loadTons: number | null;
  temporary: boolean;
  photoFileId: number | null;
}

export interface AlarmRow {
  id: number;
  alarmType: string;
  alarmTypeName: string;
  alarmLevel: '01' | '02' | '03' | '04';
  alarmLevelName: string;
  source: string;
  plate: string | null;
  companyName: string | null;
  roadName: string | null;
  zoneName: string | null;
  deviceName: string | null;
  lat: number | null;
  lng: number | null;
  alarmTime: string;
  content: string;
  handled: 0 | 1;
  handledName: string | null;
  handledTime: string | null;
  disposal: string | null;
}

export interface VehicleRow {
  plate: string;
  vehicleTypeName: string;
  hazardousClassName: string | null;
  companyName: string | null;
  driverName: string | null;
  material: string | null;
  loadTons: number | null;
  enteredTime: string;
  gateName: string;
  speed: number | null;
  todayAlarmCount: number;
}

export interface BroadcastZone {
  zoneId: number;
  zoneName: string;
  deviceId: number | null;
  deviceName: string | null;
  online: number;
  volume: number | null;
  playing: { kind: string; name: string } | null;
}

export interface CommandReply extends ApiOk {
  result: { ok: boolean; code: string; message: string };
}

const stat = <T>(path: string, q: Query = {}, signal?: AbortSignal) => get<ApiOk & T>(path, q, { signal });

export const park = {
  // 园区总览
  inPark: (s?: AbortSignal) => stat<{ data: { total: number; hazardous: number; temporary: number; ordinary: number; hazardousTons: number } }>('/api/statistics/parkoverview/car/inpark/total', {}, s),
  flowToday: (s?: AbortSignal) => stat<{ data: { in: number; out: number; hazardousIn: number; hazardousOut: number } }>('/api/statistics/parkoverview/car/flow/total', {}, s),
  gateToday: (s?: AbortSignal) => stat<{ datas: Array<{ gateId: number; gateName: string; inCount: number; outCount: number }> }>('/api/statistics/parkoverview/gate/car', {}, s),
  hourToday: (s?: AbortSignal) => stat<{ data: ChartData }>('/api/statistics/parkoverview/car/hour', {}, s),
  personsByType: (s?: AbortSignal) => stat<{ datas: Named[] }>('/api/statistics/parkoverview/statisticalPersonCountByTypeInParkNow', {}, s),
  devices: (s?: AbortSignal) =>
    stat<{ data: { online: number; offline: number; total: number }; datas: Array<{ deviceType: string; name: string; online: number; offline: number }> }>('/api/statistics/parkoverview/queryDeviceOnlineState', {}, s),
  warnNumbers: (s?: AbortSignal) => stat<{ data: { unhandled: number; levels: Named[]; total: number; handled: number } }>('/api/alarm/warnNumbers', {}, s),
  corpRisk: (s?: AbortSignal) => stat<{ datas: Named[] }>('/api/corp/corprisktotal', {}, s),
  vehiclesInPark: (q: Query, s?: AbortSignal) => stat<Paged<VehicleRow>>('/api/alarm/parkOverviewAnalysisCarList', q, s),
  // 危化品车辆分析
  materialCount: (q: Query, s?: AbortSignal) => stat<{ datas: Array<{ material: string; trips: number; tons: number }> }>('/api/statistics/park/material/count', q, s),
  materialDaily: (q: Query, s?: AbortSignal) => stat<{ data: ChartData }>('/api/statistics/park/material/detail/count', q, s),
  chemicalRank: (q: Query, s?: AbortSignal) => stat<{ datas: Array<{ name: string; value: number; tons: number }> }>('/api/statistics/park/chemicalcar/rank', q, s),
  materialDetails: (q: Query, s?: AbortSignal) => stat<Paged<PassRow>>('/api/statistics/park/queryMaterialDetails', q, s),
  // 报警分析
  offendCompany: (q: Query, s?: AbortSignal) => stat<{ data: ChartData }>('/api/warnanalysis/offend/company', q, s),
  offendTrend: (q: Query, s?: AbortSignal) => stat<{ data: ChartData }>('/api/warnanalysis/offend/car/trend', q, s),
  offendType: (q: Query, s?: AbortSignal) => stat<{ datas: Named[] }>('/api/warnanalysis/offend/type', q, s),
  offendRoad: (q: Query, s?: AbortSignal) => stat<{ datas: Named[] }>('/api/warnanalysis/offend/road', q, s),
  offendCars: (q: Query, s?: AbortSignal) => stat<Paged<{ plate: string; companyName: string | null; count: number; lastTime: string; alarmTypes: string }>>('/api/warnanalysis/car/violat/alarm', q, s),
  offendTop10: (q: Query, s?: AbortSignal) => stat<{ datas: Named[] }>('/api/warnanalysis/offend/company/top10', q, s),
  // 报警处置
  warnList: (q: Query, s?: AbortSignal) => stat<Paged<AlarmRow>>('/api/alarm/warnList', q, s),
  dispose: (ids: number[], disposal: string) => postJson<ApiOk & { handled: number }>('/api/alarm/disposal', { ids, disposal }),
  // 卡口
  gates: (s?: AbortSignal) => get<ApiOk & { datas: Array<{ id: number; gateCode: string; gateName: string }> }>('/api/park/gate/list', {}, { signal: s }),
  currentPasses: (q: Query, s?: AbortSignal) => stat<{ datas: PassRow[] }>('/api/cpms/getCurrentInoutCars', q, s),
  dayInOut: (q: Query, s?: AbortSignal) => stat<{ data: { in: number; out: number; inPark: number } }>('/api/cpms/getDayInOutCars', q, s),
  openDoor: (gateId: number) => postJson<CommandReply>('/api/hik/door/open', { gateId }),
  syncWhiteCar: (body: { plates: string; gateIds?: number[]; validFrom: string; validTo: string; ownerName?: string }) => postJson<CommandReply>('/api/project/commonCar/syncWhiteCar', body),
  whiteList: (q: Query, s?: AbortSignal) => get<ApiOk & Paged<WhiteListRow>>('/api/park/console/whiteList', q, { signal: s }),
  commandLog: (q: Query, s?: AbortSignal) => get<ApiOk & Paged<CommandLogRow>>('/api/park/console/commandLog', q, { signal: s }),
  // 广播
  broadcastInfo: (s?: AbortSignal) => get<ApiOk & { datas: BroadcastZone[] }>('/api/broadcast/getBroadcastInfo', {}, { signal: s }),
  music: (s?: AbortSignal) => get<ApiOk & { datas: Array<{ id: number; groupName: string; fileName: string; durationS: number }> }>('/api/broadcast/getGroupingMusicInfo', {}, { signal: s }),
  setVolume: (zoneIds: number[], volume: number) => postJson<CommandReply>('/api/broadcast/setVolume', { zoneIds, volume }),
  playText: (zoneIds: number[], text: string, repeat: number) => postJson<CommandReply>('/api/broadcast/controlHostPlayOther', { zoneIds, text, repeat }),
  playMusic: (zoneIds: number[], musicIds: number[]) => postJson<CommandReply>('/api/broadcast/playMusic', { zoneIds, musicIds }),
  playExtern: (zoneIds: number[], fileId: number) => postJson<CommandReply>('/api/broadcast/playExternMusic', { zoneIds, fileId }),
  stop: (zoneIds: number[]) => postJson<CommandReply>('/api/broadcast/stopMsg', { zoneIds }),
  // 园区地图
  map: (s?: AbortSignal) => get<ConsoleMapReply>('/api/park/console/map', {}, { signal: s }),
  tracks: (s?: AbortSignal) => get<TracksReply>('/api/park/console/tracks', {}, { signal: s }),
  evacuation: (lat: number, lng: number) => get<EvacuationReply>('/api/park/console/evacuation', { lat, lng }),
};

/** A pass photo or any platform image. */
export const imageUrl = (fileId: number) => `/api/file/image/${fileId}`;
