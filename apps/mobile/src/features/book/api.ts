import { BOOK_MAX_PAGE_SIZE, type BookContact } from '@park/core';
import { get } from '../../lib/http.ts';

/** 通讯录 on the phone: the same read as the desktop's 内部联系人, one long page by name. */
export const BOOK_QUERY_ROOT = ['book'] as const;

export const searchContacts = (userName: string, signal?: AbortSignal) =>
  get<{ datas: BookContact[]; totalCount: number }>('/api/user/queryTenantUserInfo', { pageNum: 1, pageSize: BOOK_MAX_PAGE_SIZE, userName: userName || undefined }, { signal });
