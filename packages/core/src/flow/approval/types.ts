import type { NodeDefinition } from '../registry.ts';
import type { FlowNode, Recipient } from '../types.ts';

/**
 * Approval node types (the upstream designer, reference/origin/StavinLi-Workflow/data.json):
 * 0 initiator, 1 approver, 2 cc, 3 condition (one branch of a route), 4 route.
 */
export const APPROVAL_NODE_TYPES = { initiator: 0, approver: 1, cc: 2, condition: 3, route: 4 } as const;
export type ApprovalNodeType = (typeof APPROVAL_NODE_TYPES)[keyof typeof APPROVAL_NODE_TYPES];

/** An approval node kind: a flow node definition that also says whether an instance stops at or acts on it. */
export interface ApprovalNodeDefinition extends NodeDefinition {
  /** Approver and cc nodes are; the initiator, routes and branches only steer (actionableAfter skips them). */
  actionable: boolean;
}

/** approveType: 0 one person, 1 all must sign (会签), 2 any one (或签), 3 in sequence (依次). */
export const APPROVE_TYPES = [0, 1, 2, 3] as const;
export type ApproveType = (typeof APPROVE_TYPES)[number];
export const APPROVE_TYPE_TEXT: Record<ApproveType, string> = { 0: '单人审批', 1: '会签（需全部同意）', 2: '或签（一人同意即可）', 3: '依次审批' };

/** Nobody found for an approver node: pass it, or give the task to the administrators. */
export const NO_APPROVER_ACTIONS = ['pass', 'admin'] as const;
export type NoApproverAction = (typeof NO_APPROVER_ACTIONS)[number];

/** A time limit passing: remind only, remind and hand the task to the assignee's supervisor, or approve it. */
export const TIMEOUT_ACTIONS = ['remind', 'escalate', 'pass'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export const TIMEOUT_ACTION_TEXT: Record<TimeoutAction, string> = { remind: '仅催办', escalate: '催办后转交上级主管', pass: '自动通过' };

/** The approver node's own fields (reference/examples/approval-flow.json keeps them on the node). */
export interface ApproverFields {
  recipient?: Recipient;
  approveType?: number;
  /** Models of the form fields this node's approvers fill or may change. */
  approveItems?: string[];
  noApprover?: NoApproverAction;
  /** 连续多级主管: with a type-2 recipient, supervisors of levels 1..leader approve one after another. */
  continuousLeaders?: boolean;
  /** A comment is required for 同意 as well (驳回 and 退回 always need one). */
  commentRequired?: boolean;
  allowReturn?: boolean;
  allowTransfer?: boolean;
  allowAddSign?: boolean;
  timeLimitHours?: number | null;
  /** Count the time limit over working days only (系统管理 › 节假日). */
  timeLimitWorkdays?: boolean;
  timeoutAction?: TimeoutAction;
}

export type ApproverNode = FlowNode & ApproverFields;
export type CcNode = FlowNode & { recipient?: Recipient };

/** flow_instance.approve_status (DESIGN.md §10.2). */
export const APPROVE_STATUS = { running: '0', approved: '1', rejected: '2', withdrawn: '3' } as const;
export type ApproveStatus = (typeof APPROVE_STATUS)[keyof typeof APPROVE_STATUS];
export const APPROVE_STATUS_TEXT: Record<ApproveStatus, string> = { '0': '审批中', '1': '已通过', '2': '已驳回', '3': '已撤回' };

/** A history entry's status in queryapprovedetails: 0 agree, 1 disagree, 2 returned, then ours. */
export const COMMENT_STATUS = { agree: 0, disagree: 1, returned: 2, transfer: 3, addSign: 4, withdrawn: 5, submit: 6, auto: 7 } as const;
export const COMMENT_STATUS_TEXT: Record<number, string> = {
  0: '同意',
  1: '驳回',
  2: '退回',
  3: '转办',
  4: '加签',
  5: '撤回',
  6: '提交',
  7: '自动处理',
};

export const APPROVAL_TEXT = {
  firstNode: '流程必须以发起人开始',
  approver: '请设置审批人',
  approveType: '请选择审批方式',
  timeLimit: '审批时限必须是大于0的小时数',
  cc: '请设置抄送人',
  approveItem: (model: string) => `可编辑字段不存在：${model}`,
  noFlow: '该表单尚未部署审批流程',
  taskDone: '此任务已处理',
  notAssignee: '您不是此任务的处理人',
  notInitiator: '只有发起人可以执行此操作',
  notRunning: '流程已结束',
  cannotCancel: '流程已有审批记录，不能撤回',
  remindTooOften: '每个流程一小时内只能催办一次',
  commentRequired: '请填写审批意见',
  returnTarget: '请选择退回的节点',
  transferTarget: '请选择转办人',
  addSignTarget: '请选择加签人',
  notAllowed: (what: string) => `此节点不允许${what}`,
  noFlowModel: '流程模型不存在',
  emptyFlow: '流程中至少需要一个审批人节点',
  /** A record whose approval runs keeps its values (ADR 0026); the database raises these two (migration records_under_approval). */
  lockedEdit: '该记录正在审批中，不能修改',
  lockedDelete: '该记录正在审批中，不能删除',
  maintenanceOnly: '只有系统管理员可以删除审批中的记录',
  removedByAdmin: '记录已被系统管理员删除，流程已取消',
} as const;
