import { Tag } from 'antd';
import { EXECUTION_STATUS_TEXT, type ExecutionStatus } from '@park/core';

const STATUS_COLOR: Record<ExecutionStatus, string> = { pending: 'processing', running: 'processing', success: 'success', failed: 'error', skipped: 'warning' };

export function StatusTag({ status }: { status: ExecutionStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{EXECUTION_STATUS_TEXT[status]}</Tag>;
}
