import { AUTOMATION_NODES } from './automation/index.ts';

/** Wire shapes of the automation execution calls (DESIGN.md §10.1; docs/api.md 自动化). */

export const EXECUTION_STATUSES = ['pending', 'running', 'success', 'failed', 'skipped'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const EXECUTION_STATUS_TEXT: Record<ExecutionStatus, string> = {
  pending: '等待执行',
  running: '执行中',
  success: '成功',
  failed: '失败',
  skipped: '已跳过',
};

export const FORM_EVENT_TEXT: Record<'insert' | 'update' | 'delete', string> = { insert: '新增', update: '修改', delete: '删除' };

export interface ExecutionRow {
  id: number;
  flowId: number;
  flowName: string;
  version: number;
  formId: number;
  formName: string | null;
  recordId: number;
  event: 'insert' | 'update' | 'delete';
  depth: number;
  status: ExecutionStatus;
  attempts: number;
  error: string | null;
  failedNodeId: string | null;
  nextRunTime: string | null;
  createTime: string;
  finishTime: string | null;
}

export interface StepRowView {
  id: number;
  nodeId: string;
  nodeName: string;
  nodeType: number;
  attempt: number;
  status: 'success' | 'failed';
  input: unknown;
  output: unknown;
  error: string | null;
  startTime: string;
  finishTime: string;
}

export interface ExecutionDetailReply {
  errCode: 0;
  execution: ExecutionRow & { eventId: number; startTime: string | null; nodeConfig: unknown };
  steps: StepRowView[];
}

export interface FlowListRow {
  id: number;
  flowName: string;
  formId: number;
  formName: string | null;
  event: string;
  status: number;
  version: number;
  ownerName: string | null;
  updateTime: string;
}

/** Automation node labels by type number, read from the registry (a step row names its node by number). */
export const NODE_TYPE_TEXT: Record<number, string> = Object.fromEntries(Object.values(AUTOMATION_NODES).map((d) => [d.type, d.label]));
