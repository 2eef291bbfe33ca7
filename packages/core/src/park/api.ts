import type { DeviceType } from './constants.ts';

/** A device as 设备管理 lists it (GET /api/park/device/list); the token itself is never listed. */
export interface ParkDevice {
  id: number;
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  deviceTypeName: string;
  /** The token's last characters, so an operator can tell which token a device holds. */
  tokenHint: string;
  gateId: number | null;
  gateName: string | null;
  /** 0 offline, 1 online. */
  online: number;
  lastSeenTime: string | null;
  /** 0 enabled, 1 disabled. */
  status: number;
  remark: string | null;
  createTime: string;
}

export interface ParkDeviceInput {
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  gateId: number | null;
  remark: string | null;
}

export interface ParkGateOption {
  id: number;
  gateCode: string;
  gateName: string;
}

/** Device codes: what a device sends as its own name; letters, digits, _ and -. */
export const DEVICE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEVICE_CODE_MESSAGE = '设备编号只能包含字母、数字、下划线和短横线，最多64个字符';
/** Gate cameras and face gates stand at a gate: they must name it. */
export const DEVICE_TYPES_AT_GATE: readonly DeviceType[] = ['gate', 'person_gate'];
export const DEVICE_GATE_REQUIRED_MESSAGE = '道闸和闸机设备必须选择所在道口';
