import { useState } from 'react';
import { Form, Input, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BOOK_QUERY_MAX } from '@park/core';
import { FilterActions, ListPage } from '../../lib/ListPage.tsx';
import { PagedTable } from '../../lib/PagedTable.tsx';
import { usePaging, type PageResult } from '../../lib/paging.ts';
import type { BookFilters } from './api.ts';

/** A text filter of the list: its query parameter and its label. */
export interface BookFilterField {
  name: string;
  label: string;
}

/**
 * The shape both 通讯录 lists share (screens-round3 §4.5): text filters in a row, 查询 / 重置,
 * one paged table. Each page names its filters, columns and read.
 */
export function BookListPage<T extends { id: number }>({
  title,
  queryKey,
  fields,
  columns,
  fetchPage,
}: {
  title: string;
  queryKey: string;
  fields: BookFilterField[];
  columns: TableColumnsType<T>;
  fetchPage: (pageNum: number, pageSize: number, filters: BookFilters, signal?: AbortSignal) => Promise<PageResult<T>>;
}) {
  const [form] = Form.useForm<BookFilters>();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [filters, setFilters] = useState<BookFilters>({});
  const { data, isFetching } = useQuery({
    queryKey: ['book', queryKey, pageNum, pageSize, filters],
    queryFn: ({ signal }) => fetchPage(pageNum, pageSize, filters, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title={title}>
      <Form<BookFilters>
        form={form}
        layout="inline"
        className="list-toolbar"
        onFinish={(v) => {
          setFilters(Object.fromEntries(Object.entries(v).map(([k, s]) => [k, s?.trim() || undefined])));
          paging.reset();
        }}
      >
        {fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label}>
            <Input allowClear maxLength={BOOK_QUERY_MAX} placeholder={`请输入${f.label}`} style={{ width: 180 }} />
          </Form.Item>
        ))}
        <FilterActions
          onReset={() => {
            setFilters({});
            paging.reset();
          }}
        />
      </Form>
      <PagedTable<T> rowKey="id" size="middle" columns={columns} page={data} loading={isFetching} paging={paging} />
    </ListPage>
  );
}
