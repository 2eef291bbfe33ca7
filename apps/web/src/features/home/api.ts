import type { CurrentDateReply } from '@park/core';
import { get } from '../../lib/http.ts';

export const CURRENT_DATE_QUERY_KEY = ['home', 'currentDate'] as const;

/** The server's clock, `yyyy-MM-dd HH:mm:ss`: the park runs on it, not on the browser's. */
export async function getCurrentDate(signal?: AbortSignal): Promise<string> {
  const reply = await get<CurrentDateReply>('/api/form/getCurrentDate', undefined, { signal });
  return reply.currentDate;
}
