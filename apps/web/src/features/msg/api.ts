import type { QuerySelfReply, SelfMessage, UnreadMsgCountReply } from '@park/core';
import { get, postForm } from '../../lib/http.ts';
import type { PageResult } from '../../lib/paging.ts';

/** '0' unread, '1' read (queryself's statusList). */
export type ReadStatus = '0' | '1';

export type Message = SelfMessage;

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
  statusList: ReadStatus | undefined,
  bigType: number | undefined,
  signal?: AbortSignal,
): Promise<PageResult<Message>> {
  const reply = await get<QuerySelfReply>('/api/msg/queryself', { pageNum, pageSize, statusList, bigType }, { signal });
  return { rows: Array.isArray(reply.msgs) ? reply.msgs : [], total: Number(reply.totalCount) || 0 };
}

/** POST updateMsgReaded, form-encoded with idList repeated (the original client's call). */
export async function markMessagesRead(ids: readonly number[]): Promise<void> {
  await postForm<{ errCode: 0 }>('/api/msg/updateMsgReaded', { idList: ids });
}
