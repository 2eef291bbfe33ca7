import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

/** Table paging shared by the list pages: 10 a page, 10/20/50/100 to choose from. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface Paging {
  pageNum: number;
  pageSize: number;
  setPage: (pageNum: number, pageSize: number) => void;
  /** Back to the first page, e.g. when a filter changes. */
  reset: () => void;
}

export function usePaging(): Paging {
  const [state, setState] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    setPage: (pageNum, pageSize) =>
      // A new page size starts again at page 1: the old page number may no longer exist.
      setState((prev) => ({ pageNum: pageSize === prev.pageSize ? pageNum : 1, pageSize })),
    reset: () => setState((prev) => ({ ...prev, pageNum: 1 })),
  };
}

export function tablePagination(paging: Paging, total: number): TablePaginationConfig {
  return {
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (count) => `共 ${count} 条`,
    onChange: paging.setPage,
  };
}

/** Paged list replies (DESIGN.md §5): `datas` and `totalCount`. */
export interface PagedReply<T> {
  errCode: 0;
  datas: T[];
  totalCount: number;
}

export interface PageResult<T> {
  rows: T[];
  total: number;
}

export function toPageResult<T>(reply: PagedReply<T>): PageResult<T> {
  return {
    rows: Array.isArray(reply.datas) ? reply.datas : [],
    total: Number(reply.totalCount) || 0,
  };
}
