import type { WaitDoneCountReply } from '@park/core';
import { get } from '../../lib/http.ts';

export interface WaitDoneTask {
  id: number;
  title: string;
  formName: string | null;
  initiatorName: string | null;
  createTime: string;
  status: number | string;
}

export const WAIT_DONE_QUERY_ROOT = ['waitDoneTask'] as const;

/** Polled by the top bar: silent, so a passing outage does not raise a notice every minute. */
export async function countWaitDoneTasks(signal?: AbortSignal): Promise<number> {
  const reply = await get<WaitDoneCountReply>('/api/flow/queryWatiDoneTaskCount', undefined, {
    signal,
    silent: true,
  });
  return Number(reply.count) || 0;
}
