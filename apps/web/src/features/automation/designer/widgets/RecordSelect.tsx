import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FlowField } from '@park/core';
import { queryRecords } from '../api.ts';

/** How a record is named in a picker: its id and its first few fields. */
export function recordLabel(row: Record<string, unknown>, fields: readonly FlowField[]): string {
  const parts = fields
    .slice(0, 3)
    .map((f) => row[f.model])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map((v) => String(v).slice(0, 30));
  return `#${String(row.id)} ${parts.join(' / ')}`.trim();
}

/** One of the newest 50 records of a form (the dry run's and the recipient preview's pick). */
export function RecordSelect({ formId, fields, value, onChange, width = 320 }: {
  formId: number;
  fields: readonly FlowField[];
  value: number | null;
  onChange: (id: number) => void;
  width?: number;
}) {
  const { data, isLoading } = useQuery({
    queryKey: ['automation', 'records', formId],
    queryFn: ({ signal }) => queryRecords(formId, { pageNum: 1, pageSize: 50 }, signal),
  });
  return (
    <Select
      aria-label="选择数据"
      placeholder="请选择触发表单的一条数据"
      style={{ width }}
      loading={isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      notFoundContent="该表单还没有数据"
      options={(data?.rows ?? []).map((row) => ({ value: Number(row.id), label: recordLabel(row, fields) }))}
      onChange={onChange}
    />
  );
}
