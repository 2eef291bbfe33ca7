import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { tableLocale } from './ListPage.tsx';
import { tablePagination, type PageResult, type Paging } from './paging.ts';

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'locale'> {
  /** One page of rows and the total; undefined while the first page loads. */
  page: PageResult<T> | undefined;
  paging: Paging;
  /** Changes to the shared paging bar (a smaller bar, another total text …). */
  pagination?: TablePaginationConfig;
}

/**
 * A table showing one page of a paged list: the list pages' empty text and paging bar (10 a page,
 * 共 N 条), the rows of the page in hand.
 */
export function PagedTable<T extends object>({ page, paging, pagination, ...table }: PagedTableProps<T>) {
  return (
    <Table<T>
      {...table}
      dataSource={page?.rows ?? []}
      locale={tableLocale}
      pagination={{ ...tablePagination(paging, page?.total ?? 0), ...pagination }}
    />
  );
}
