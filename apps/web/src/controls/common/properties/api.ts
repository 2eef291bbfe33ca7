/**
 * Look-ups the panels offer choices from: forms, a form's columns, dictionary types. Each is a
 * react-query so reopening a panel does not call again; failures leave the inputs free-typed.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminPageReply, DicType, FormColumnDesc, FormColumnsReply } from '@park/core';
import { get } from '../../../lib/http.ts';
import { toPageResult } from '../../../lib/paging.ts';

export interface FormChoice {
  formId: number;
  formName: string;
}

export function useFormChoices(): FormChoice[] {
  const query = useQuery({
    queryKey: ['designer-props', 'forms'],
    queryFn: async ({ signal }) => {
      const reply = await get<{ datas?: FormChoice[] }>('/api/form/formconf/query', { pageNum: 1, pageSize: 500 }, { signal, silent: true });
      return Array.isArray(reply.datas) ? reply.datas : [];
    },
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? [];
}

/** Columns of a form's main table or of one of its sub-tables. */
export function useFormColumns(formId: string, subKey = ''): FormColumnDesc[] {
  const query = useQuery({
    queryKey: ['designer-props', 'form-columns', formId, subKey],
    queryFn: async ({ signal }) =>
      (await get<FormColumnsReply>('/api/form/formtable/querydesc', { formId, subKey: subKey || undefined }, { signal, silent: true })).colums ?? [],
    enabled: /^\d+$/.test(formId),
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? [];
}

/** Columns of a form table named form_N (or form_N__subKey), for a data picker's source. */
export function useTableColumns(tbName: string): FormColumnDesc[] {
  const query = useQuery({
    queryKey: ['designer-props', 'table-columns', tbName],
    queryFn: async ({ signal }) =>
      (await get<FormColumnsReply>('/api/form/datasource/table/querydesc', { tbName }, { signal, silent: true })).colums ?? [],
    enabled: /^form_\d+(__[A-Za-z][A-Za-z0-9_]*)?$/.test(tbName),
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? [];
}

export function useDicTypes(wd: string) {
  return useQuery({
    queryKey: ['designer-props', 'dic-types', wd],
    queryFn: async ({ signal }) =>
      toPageResult(await get<AdminPageReply<DicType>>('/api/user/listDicType', { pageNum: 1, pageSize: 100, wd: wd || undefined }, { signal })),
    staleTime: 60_000,
    retry: false,
  });
}
