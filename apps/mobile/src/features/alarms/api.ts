import { useQuery } from '@tanstack/react-query';
import type { ApiOk } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

/** The desktop's 报警处置 calls (apps/web/src/features/park/console/api.ts; docs/api.md "Park operations"). */
export type AlarmLevel = '01' | '02' | '03' | '04';

export interface AlarmRow {
  id: number;
  alarmType: string;
  alarmTypeName: string;
  alarmLevel: AlarmLevel;
  alarmLevelName: string;
  plate: string | null;
  companyName: string | null;
  roadName: string | null;
  zoneName: string | null;
  deviceName: string | null;
  alarmTime: string;
  content: string;
  handled: 0 | 1;
  handledName: string | null;
  handledTime: string | null;
  disposal: string | null;
}

export const ALARM_QUERY_ROOT = ['alarm'] as const;

export async function warnList(q: { pageNum: number; pageSize: number; handled?: 0 | 1 }, signal?: AbortSignal): Promise<{ rows: AlarmRow[]; total: number }> {
  const reply = await get<ApiOk & { datas?: AlarmRow[]; totalCount?: number }>('/api/alarm/warnList', q, { signal });
  return { rows: reply.datas ?? [], total: Number(reply.totalCount) || 0 };
}

export async function dispose(id: number, disposal: string): Promise<void> {
  await postJson<ApiOk & { handled: number }>('/api/alarm/disposal', { ids: [id], disposal });
}

/** 待处置 alarms, for the workbench; only asked of users who may see alarms. Silent, as the counters. */
export function useUnhandledAlarms(enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: [...ALARM_QUERY_ROOT, 'unhandled'],
    queryFn: async ({ signal }) => Number((await get<ApiOk & { data?: { unhandled?: number } }>('/api/alarm/warnNumbers', undefined, { signal, silent: true })).data?.unhandled) || 0,
    enabled,
    refetchInterval: 30_000,
  });
  return data;
}
