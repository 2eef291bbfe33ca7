import { useQuery } from '@tanstack/react-query';
import { decodeRecord, type FormControl } from '@park/core';
import { modelOf } from '../../controls/common/values.ts';
import { querySubRows } from '../../form/api.ts';
import { RowCard, subTableColumns } from '../../form/SubTableCards.tsx';
import { errorMessage } from '../../lib/http.ts';
import { TASKS_QUERY_ROOT } from './api.ts';

/**
 * A sub-table of the approval's record, its saved rows as the form's read-only cards: what the
 * approver decides on (a waybill's goods with their UN numbers and quantities) is often there, and
 * the record the task page reads holds only the main fields. The server lets the task's people
 * read the rows (form/recordViewers.ts).
 */
export function SubTableRows({ formId, parentId, control }: { formId: number; parentId: string; control: FormControl }) {
  const subKey = modelOf(control);
  const rows = useQuery({
    queryKey: [...TASKS_QUERY_ROOT, 'sub-rows', formId, subKey, parentId],
    queryFn: ({ signal }) => querySubRows(formId, subKey, parentId, signal),
    enabled: formId > 0 && parentId !== '',
  });
  if (rows.error) return <span className="m-field-value">{errorMessage(rows.error, '明细加载失败')}</span>;
  if (!rows.data) return <span className="m-field-value">加载中…</span>;
  if (rows.data.length === 0) return <span className="m-field-value">-</span>;
  const columns = subTableColumns(control);
  const children = (control.tableColumns ?? []) as FormControl[];
  return (
    <div className="m-task-sub-rows" data-testid={`task-sub-${subKey}`}>
      {rows.data.map((r, i) => (
        <RowCard key={String(r.id ?? i)} columns={columns} row={decodeRecord(children, r)} index={i} />
      ))}
    </div>
  );
}
