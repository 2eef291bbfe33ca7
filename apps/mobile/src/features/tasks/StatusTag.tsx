import { Tag } from 'antd-mobile';
import { APPROVE_STATUS_TEXT, type ApproveStatus } from '@park/core';

const COLORS: Record<ApproveStatus, string> = { '0': 'primary', '1': 'success', '2': 'danger', '3': 'default' };

/** 审批中 / 已通过 / 已驳回 / 已撤回, as the desktop's tag. */
export function ApproveStatusTag({ status }: { status: string | null | undefined }) {
  if (status === null || status === undefined || !(status in APPROVE_STATUS_TEXT)) return null;
  const s = status as ApproveStatus;
  return (
    <Tag color={COLORS[s]} fill="outline">
      {APPROVE_STATUS_TEXT[s]}
    </Tag>
  );
}
