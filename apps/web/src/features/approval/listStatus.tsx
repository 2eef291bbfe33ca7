import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { APPROVAL_TEXT, type StoredRow } from '@park/core';
import type { SubmitVia, SubTableRows } from '../../form/FormEditor.tsx';
import { APPROVAL_QUERY_ROOT, isFlowDeployed, recordStatuses, startFormFlow } from './api.ts';
import { taskPageUrl } from './links.ts';
import { ApproveStatusTag } from './StatusTag.tsx';

/** 提交: saves the record and starts its approval in one call (startformflow). */
export const SUBMIT_FOR_APPROVAL: SubmitVia = {
  label: '提交',
  done: '提交成功',
  run: async (formId: number, stored: StoredRow, recordId: string | null, children?: SubTableRows[]) => {
    // A new record with sub-table rows goes in addpcformdata's shape; the server saves all and starts in one transaction.
    const body = !recordId && children && children.length > 0 ? { parent: stored, child: children } : { ...stored, ...(recordId ? { id: recordId } : {}) };
    const reply = await startFormFlow(formId, body);
    return String(reply.businessId);
  },
};

/** Why a row's 编辑 or 删除 is refused (the server refuses them too, ADR 0026), or nothing. */
export type RowLock = (rowId: number, action: 'edit' | 'delete') => string | null;

const NO_LOCK: RowLock = () => null;

/**
 * What a list page adds for a form with a deployed approval flow: 提交 instead of 保存 in its
 * add dialog, a 审批状态 column linking to each record's latest approval, and which rows' 编辑
 * and 删除 are refused while their approval runs.
 */
export function useApprovalOnList(formId: number, rowIds: readonly number[]) {
  const deployed = useQuery({ queryKey: [...APPROVAL_QUERY_ROOT, 'deployed', formId], queryFn: ({ signal }) => isFlowDeployed(formId, signal), staleTime: 30_000 });
  const statuses = useQuery({
    queryKey: [...APPROVAL_QUERY_ROOT, 'recordStatus', formId, rowIds.join(',')],
    queryFn: ({ signal }) => recordStatuses(formId, [...rowIds], signal),
    enabled: deployed.data === true && rowIds.length > 0,
  });
  if (deployed.data !== true) return { submitVia: undefined, column: null, lockOf: NO_LOCK };
  const lockOf: RowLock = (rowId, action) => {
    const s = statuses.data?.get(rowId);
    if (action === 'edit') return s?.editLocked ? APPROVAL_TEXT.lockedEdit : null;
    return s?.deleteLocked ? APPROVAL_TEXT.lockedDelete : null;
  };
  return {
    submitVia: SUBMIT_FOR_APPROVAL,
    lockOf,
    column: {
      title: '审批状态',
      key: '__approval',
      width: 110,
      // Kept in view beside 操作 however many columns the list has (issue 42).
      fixed: 'right' as const,
      render: (_v: unknown, row: { id: number }) => {
        // Until this page's statuses are known nothing is said: 未提交 would be wrong for most rows.
        if (!statuses.isSuccess) {
          return (
            <span data-testid="approval-status" aria-busy={statuses.isError ? undefined : true} className="approval-status-pending">
              {statuses.isError ? '-' : <Skeleton.Button active size="small" style={{ width: 56, minWidth: 56 }} />}
            </span>
          );
        }
        const s = statuses.data.get(row.id);
        if (!s) return <span data-testid="approval-status" className="approval-none">未提交</span>;
        const url = taskPageUrl(s.processInstanceId);
        const tag = <ApproveStatusTag status={s.approveStatus} />;
        return <span data-testid="approval-status">{url ? <Link to={url}>{tag}</Link> : tag}</span>;
      },
    },
  };
}
