import type { QuerySelfReply, SelfMessage } from '@park/core';
import { get, postForm } from '../../lib/http.ts';

/** The desktop's message calls (apps/web/src/features/msg/api.ts). */
export const MSG_QUERY_ROOT = ['msg'] as const;
export const MSG_PAGE_SIZE = 20;

export async function queryMessages(pageNum: number, statusList: '0' | '1' | undefined, signal?: AbortSignal): Promise<{ rows: SelfMessage[]; total: number }> {
  const reply = await get<QuerySelfReply>('/api/msg/queryself', { pageNum, pageSize: MSG_PAGE_SIZE, statusList }, { signal });
  return { rows: Array.isArray(reply.msgs) ? reply.msgs : [], total: Number(reply.totalCount) || 0 };
}

/** POST updateMsgReaded, form-encoded with idList repeated (the original client's call). */
export async function markMessagesRead(ids: readonly number[]): Promise<void> {
  await postForm<{ errCode: 0 }>('/api/msg/updateMsgReaded', { idList: ids });
}

/**
 * Where a message opens on the phone: its params name a process (the task page) or a record
 * (the form's record page); the desktop's menuUrl is a desktop route, so it is not followed.
 */
export function messageRoute(m: SelfMessage): string | null {
  if (!m.params) return null;
  let p: unknown;
  try {
    p = JSON.parse(m.params);
  } catch {
    return null;
  }
  if (typeof p !== 'object' || p === null) return null;
  const o = p as Record<string, unknown>;
  const pid = Number(o.processInstanceId);
  if (Number.isInteger(pid) && pid > 0) return `/task/${pid}${o.taskId ? '' : '?view=1'}`;
  const formId = Number(o.formId);
  const businessId = Number(o.businessId);
  if (Number.isInteger(formId) && formId > 0 && Number.isInteger(businessId) && businessId > 0) return `/form/${formId}/record/${businessId}`;
  return null;
}
