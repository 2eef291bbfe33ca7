import type { ApiOk, ParkDevice, ParkDeviceInput, ParkGateOption } from '@park/core';
import { get, postJson } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

/** 设备管理 (issue 23): devices and their ingestion tokens. */
export const deviceKeys = {
  devices: ['park', 'devices'] as const,
  gates: ['park', 'gates'] as const,
};

export interface DeviceListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  deviceType?: string;
  online?: 0 | 1;
}

export async function listDevices(q: DeviceListQuery, signal?: AbortSignal): Promise<PageResult<ParkDevice>> {
  return toPageResult(await get<PagedReply<ParkDevice>>('/api/park/device/list', { ...q }, { signal }));
}

export async function listGates(signal?: AbortSignal): Promise<ParkGateOption[]> {
  return (await get<ApiOk & { datas: ParkGateOption[] }>('/api/park/gate/list', {}, { signal })).datas;
}

export const addDevice = (body: ParkDeviceInput) => postJson<ApiOk & { id: number; token: string }>('/api/park/device/add', body);
export const updateDevice = (body: ParkDeviceInput & { id: number }) => postJson<ApiOk>('/api/park/device/update', body);
export const resetDeviceToken = (id: number) => postJson<ApiOk & { token: string }>('/api/park/device/resetToken', { id });
export const setDeviceStatus = (id: number, status: 0 | 1) => postJson<ApiOk>('/api/park/device/updateStatus', { id, status });
export const deleteDevice = (id: number) => postJson<ApiOk>('/api/park/device/delete', { id });
