import type { UnreadMsgCountReply } from '@park/core';
import { get } from '../../app/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../app/paging.ts';

/** '0' unread, '1' read. */
export type ReadStatus = '0' | '1';

export interface Message {
  id: number;
  title: string;
  content: string | null;
  msgType: string | null;
  readStatus: ReadStatus;
  createTime: string;
}

export const MSG_QUERY_ROOT = ['msg'] as const;

/** Polled by the top bar: silent, so a passing outage does not raise a notice every minute. */
export async function countUnreadMessages(signal?: AbortSignal): Promise<number> {
  const reply = await get<UnreadMsgCountReply>('/api/msg/unreadmsgcountself', undefined, {
    signal,
    silent: true,
  });
  return Number(reply.totalCount) || 0;
}

export async function queryMessages(
  pageNum: number,
  pageSize: number,
  readStatus: ReadStatus | undefined,
  signal?: AbortSignal,
): Promise<PageResult<Message>> {
  const reply = await get<PagedReply<Message>>(
    '/api/msg/queryself',
    { pageNum, pageSize, readStatus },
    { signal },
  );
  return toPageResult(reply);
}

export async function markMessagesRead(ids: readonly number[]): Promise<void> {
  await get<{ errCode: 0 }>('/api/msg/updateMsgReaded', { ids: ids.join(',') });
}
