import type { SysModule } from '@park/core';
import { get, type CallOptions } from '../../../lib/http.ts';
import { SYSTEM_QUERY_ROOT } from '../api.ts';

/* 数据同步 (screens-round3 §5.3, issue 40): the catalogue's listSys {syn:'0'}, listInter, addSysRelInter. */

export const syncKeys = {
  systems: [...SYSTEM_QUERY_ROOT, 'syncSystems'] as const,
  inter: (sysId: number) => [...SYSTEM_QUERY_ROOT, 'syncInter', sysId] as const,
  pushes: (sysId: number, page: number) => [...SYSTEM_QUERY_ROOT, 'syncPushes', sysId, page] as const,
};

export interface SyncInterface {
  id: number;
  interCode: string;
  interName: string;
}
export interface InterGrant {
  interId: number;
  tenantId: number | null;
}
export interface ListInterReply {
  list: SyncInterface[];
  sysRelInterList: InterGrant[];
  tenantList: { id: number; tenantName: string }[];
}
export interface PushRow {
  id: number;
  fromSeq: number;
  toSeq: number;
  entities: string[];
  changeCount: number;
  status: number;
  statusName: string;
  attempts: number;
  httpStatus: number | null;
  lastError: string | null;
  createTime: string;
  deliveredTime: string | null;
}

export async function listSyncSystems(signal?: AbortSignal): Promise<SysModule[]> {
  const reply = await get<{ list?: SysModule[] }>('/api/user/listSys', { syn: '0' }, { signal });
  return Array.isArray(reply.list) ? reply.list : [];
}

export const listInter = (sysId: number, signal?: AbortSignal) => get<ListInterReply>('/api/user/listInter', { sysId }, { signal });

/** The original joins the ids with a trailing comma ("id,id,…,"). */
export const addSysRelInter = (sysId: number, interIds: number[], tenantIds: number[], opts?: CallOptions) =>
  get<{ errCode: number; errMsg?: string }>(
    '/api/user/addSysRelInter',
    { sysId, interIds: interIds.map((i) => `${i},`).join(''), ...(tenantIds.length ? { tenantIds: tenantIds.map((i) => `${i},`).join('') } : {}) },
    opts,
  );

export const listSysPush = (sysId: number, pageNum: number, pageSize: number, signal?: AbortSignal) =>
  get<{ datas: PushRow[]; totalCount: number }>('/api/user/listSysPush', { sysId, pageNum, pageSize }, { signal });
