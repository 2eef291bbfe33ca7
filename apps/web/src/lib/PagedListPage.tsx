import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { ListPage } from './ListPage.tsx';
import { PagedTable } from './PagedTable.tsx';
import { usePaging, type PageResult } from './paging.ts';

/**
 * A list page that is one paged query and its table, nothing else (the task lists). The page
 * number and size join the query key, and the old page stays shown while the next one loads.
 */
export function PagedListPage<T extends { id: number }>({
  title,
  queryKey,
  fetchPage,
  columns,
}: {
  title: ReactNode;
  queryKey: QueryKey;
  fetchPage: (pageNum: number, pageSize: number, signal: AbortSignal) => Promise<PageResult<T>>;
  columns: TableColumnsType<T>;
}) {
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, pageNum, pageSize],
    queryFn: ({ signal }) => fetchPage(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title={title}>
      <PagedTable<T> rowKey="id" columns={columns} page={data} loading={isFetching} paging={paging} />
    </ListPage>
  );
}
