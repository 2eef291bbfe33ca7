import type { BookContact, BookOrg } from '@park/core';
import { get } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

/** 通讯录's two reads (GET, the original's names and parameters). */
export type BookFilters = Record<string, string | undefined>;

const paged =
  <T,>(url: string) =>
  async (pageNum: number, pageSize: number, filters: BookFilters, signal?: AbortSignal): Promise<PageResult<T>> =>
    toPageResult(await get<PagedReply<T>>(url, { pageNum, pageSize, ...filters }, { signal }));

export const queryTenantUserInfo = paged<BookContact>('/api/user/queryTenantUserInfo');
export const queryOrgsByCondition = paged<BookOrg>('/api/user/queryOrgsByCondition');
