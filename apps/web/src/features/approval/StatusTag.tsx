import { Tag } from 'antd';
import { APPROVE_STATUS_TEXT, type ApproveStatus } from '@park/core';

const COLORS: Record<ApproveStatus, string> = { '0': 'processing', '1': 'success', '2': 'error', '3': 'default' };

/** 审批中 / 已通过 / 已驳回 / 已撤回. */
export function ApproveStatusTag({ status }: { status: string | null | undefined }) {
  if (status === null || status === undefined || !(status in APPROVE_STATUS_TEXT)) return <span>-</span>;
  const s = status as ApproveStatus;
  return <Tag color={COLORS[s]}>{APPROVE_STATUS_TEXT[s]}</Tag>;
}
