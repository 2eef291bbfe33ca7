import type { AlarmLevel, RiskLevel } from './constants.ts';
import type { LngLat } from './geometry.ts';

/**
 * The park console (issue 24): what its own calls (/api/park/console/…) answer, shared by the
 * server and the screens, and the display constants of spec 002 §3 and §9.
 */

/** Spec 002 §9: theme colours, default list red, orange, yellow, blue — level 1 is the most severe. */
export const LEVEL_COLORS = ['#f5222d', '#fa8c16', '#fadb14', '#1677ff'] as const;
export const ALARM_LEVEL_COLORS: Record<AlarmLevel, string> = { '01': LEVEL_COLORS[0], '02': LEVEL_COLORS[1], '03': LEVEL_COLORS[2], '04': LEVEL_COLORS[3] };
export const RISK_LEVEL_COLORS: Record<RiskLevel, string> = { '01': LEVEL_COLORS[0], '02': LEVEL_COLORS[1], '03': LEVEL_COLORS[2], '04': LEVEL_COLORS[3] };
/** Handled state 0 未处置 / 1 已处置 and device online 0 离线 / 1 在线 (spec 002 §3). */
export const HANDLED_COLORS = { 0: '#f5222d', 1: '#52c41a' } as const;
export const ONLINE_COLORS = { 0: '#8c8c8c', 1: '#52c41a' } as const;

/** The console refreshes by polling no faster than this (the issue: every 10 s at the most). */
export const CONSOLE_REFRESH_MS = 15_000;
/** The map's vehicles move faster than the charts change: still no faster than 10 s. */
export const MAP_REFRESH_MS = 10_000;
/** Spec 002 §9: the map's sidebar. */
export const MAP_SIDEBAR_WIDTH = 260;
/** How far back a hazardous vehicle's track reaches on the map, and the most a caller may ask. */
export const TRACK_MINUTES = 60;
export const TRACK_MINUTES_MAX = 240;

export interface ConsoleGate {
  id: number;
  gateCode: string;
  gateName: string;
  position: LngLat | null;
  /** The gate's plate cameras: all online 1, any offline 0, none null. */
  online: number | null;
}

export interface ConsoleRoad {
  id: number;
  name: string;
  path: LngLat[];
  speedLimit: number;
  noParking: boolean;
}

export interface ConsoleZone {
  id: number;
  name: string;
  /** forbidden 禁行区域, area 普通区域 */
  type: 'forbidden' | 'area';
  polygon: LngLat[];
}

export interface ConsoleDevice {
  id: number;
  deviceCode: string;
  deviceName: string;
  deviceType: string;
  online: number;
  position: LngLat | null;
  /** A camera's channel on the video wall (DSS channel id), when it has one. */
  channelId: string | null;
  /** A broadcast host's zones. */
  zones: string[];
}

export interface ConsoleMapReply {
  errCode: 0;
  gates: ConsoleGate[];
  roads: ConsoleRoad[];
  zones: ConsoleZone[];
  devices: ConsoleDevice[];
}

export interface VehicleTrack {
  plate: string;
  companyName: string | null;
  material: string | null;
  hazardousClassName: string | null;
  /** Oldest first; the last point is where the vehicle is now. */
  points: Array<{ position: LngLat; time: string; speed: number }>;
}

export interface TracksReply {
  errCode: 0;
  minutes: number;
  datas: VehicleTrack[];
}

export interface EvacuationReply {
  errCode: 0;
  exitId: number;
  exitName: string;
  path: LngLat[];
  lengthM: number;
  straight: boolean;
}

export interface CommandLogRow {
  id: number;
  command: string;
  target: string | null;
  username: string | null;
  ok: boolean;
  message: string;
  createTime: string;
}

export interface WhiteListRow {
  id: number;
  plate: string;
  gateName: string | null;
  validFrom: string;
  validTo: string;
  ownerName: string | null;
}

/** Zone names drawn on the map: the same rule in the drawing dialog and on the server. */
export const ZONE_NAME_MAX = 50;
export const ZONE_POINTS_MIN = 3;
export const ZONE_POINTS_MAX = 200;
