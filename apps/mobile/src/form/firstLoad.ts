import { get, postJson } from '../lib/http.ts';

/**
 * A form's list opened from a link or the home screen (issue 37 "Speed"): on Fast 3G each round
 * trip is half a second, and the list otherwise asks for its design only once its page's code has
 * arrived, and for its first page only once the design is drawn. app/prefetch.ts starts both calls
 * with the main code instead; the list takes each answer once. Light on purpose (no core parsing):
 * it is part of the first load.
 */
export const MOBILE_LIST_PAGE_SIZE = 20;
/** An answer nobody took within this long is not used (the user went elsewhere, the data moved on). */
const FRESH_MS = 15_000;

const pending = new Map<string, { at: number; reply: Promise<unknown> }>();

const definitionPath = (formId: number) => `/api/form/formconf/getbyid/${formId}`;

/** queryformdata's body for the mobile list: the desktop list's call, newest first. */
export const listBody = (formId: number, pageNum: number, pageSize: number, queryConditions: unknown[]) => ({
  formId,
  pageNum,
  pageSize,
  queryConditions,
  sort: [{ key: 'id', sort: 'desc' }],
});

function keep(key: string, reply: Promise<unknown>): void {
  // Nobody may take it: its failure is not an unhandled rejection (the http client has said it).
  reply.catch(() => undefined);
  pending.set(key, { at: Date.now(), reply });
}

function take<T>(key: string): Promise<T> | undefined {
  const hit = pending.get(key);
  pending.delete(key);
  return hit && Date.now() - hit.at < FRESH_MS ? (hit.reply as Promise<T>) : undefined;
}

export function prefetchFormList(formId: number): void {
  keep(`definition:${formId}`, get(definitionPath(formId)));
  keep(`list:${formId}`, postJson('/api/form/queryformdata', listBody(formId, 1, MOBILE_LIST_PAGE_SIZE, [])));
}

export function definitionReply<T>(formId: number, signal?: AbortSignal): Promise<T> {
  return take<T>(`definition:${formId}`) ?? get<T>(definitionPath(formId), undefined, { signal });
}

/** The list's page: the prefetched first one when it is that page, unfiltered, of the prefetched size. */
export function listReply<T>(formId: number, pageNum: number, pageSize: number, queryConditions: unknown[], signal?: AbortSignal): Promise<T> {
  const first = pageNum === 1 && pageSize === MOBILE_LIST_PAGE_SIZE && queryConditions.length === 0 ? take<T>(`list:${formId}`) : undefined;
  return first ?? postJson<T>('/api/form/queryformdata', listBody(formId, pageNum, pageSize, queryConditions), { signal });
}
