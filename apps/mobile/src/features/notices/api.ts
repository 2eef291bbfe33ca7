import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/http.ts';
import { NOTICE_UNREAD_URL } from '../../boot/earlyCalls.ts';

/** 公告 on the phone (issue 38): the caller's notices, the unread count and one notice's reading. */
export const NOTICE_QUERY_ROOT = ['notices'] as const;
export interface MobileNotice { id: number; title: string; companyName: string | null; publishTime: string | null; read: boolean }
export interface MobileNoticeDetail { id: number; title: string; content: string; publishTime: string | null; backgroundKey: string | null; backgroundFileId: string | null; files: Array<{ fileId: number; fileName: string }> }

export const myNotices = (signal?: AbortSignal) => get<{ totalCount: number; unReadNum: number; datas: MobileNotice[] }>('/api/notice/mine', { pageNum: 1, pageSize: 50 }, { signal });
export const readNotice = async (id: string, signal?: AbortSignal) => (await get<{ data: MobileNoticeDetail }>('/api/notice/read', { id }, { signal })).data;
export const useNoticeUnread = () =>
  useQuery({ queryKey: [...NOTICE_QUERY_ROOT, 'unread'], queryFn: ({ signal }) => get<{ data: { unread: number } }>(NOTICE_UNREAD_URL, undefined, { signal }).then((r) => r.data.unread) }).data;
