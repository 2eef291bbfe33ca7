import { get } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

export interface FormTask {
  id: number;
  title: string;
  formName: string | null;
  deadline: string | null;
  createTime: string;
  status: number | string;
}

export const FORM_TASK_QUERY_ROOT = ['formTask'] as const;

/** Polled by the top bar: silent, so a passing outage does not raise a notice every minute. */
export async function countExecutingFormTasks(signal?: AbortSignal): Promise<number> {
  const reply = await get<{ errCode: 0; count: number }>('/api/formtask/countExecuting', undefined, {
    signal,
    silent: true,
  });
  return Number(reply.count) || 0;
}

export async function queryExecutingFormTasks(
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PageResult<FormTask>> {
  const reply = await get<PagedReply<FormTask>>(
    '/api/formtask/queryExecuting',
    { pageNum, pageSize },
    { signal },
  );
  return toPageResult(reply);
}
