import type { DataControlInput } from '@park/core';
import { get, postJson } from '../../../lib/http.ts';

/* 高级控件数据源 (screens-round3 §5.4): the catalogue's calls. */

export interface DataControlRow extends DataControlInput {
  id: number;
}

export const DATA_CONTROLS_KEY = ['system', 'dataControls'] as const;

export async function queryAllDataControls(signal?: AbortSignal): Promise<DataControlRow[]> {
  const reply = await get<{ datas?: DataControlRow[] }>('/api/dataControls/queryAllDataControls', undefined, { signal });
  return Array.isArray(reply.datas) ? reply.datas : [];
}
export const addDataControls = (body: DataControlInput) => postJson<{ id: number }>('/api/dataControls/addDataControls', body);
export const updateDataControls = (body: DataControlInput & { id: number }) => postJson<unknown>('/api/dataControls/updateDataControls', body);
export const deleteDataControls = (ids: number[]) => get<unknown>('/api/dataControls/deleteDataControls', { ids: ids.map((i) => `${i},`).join('') });
