/**
 * The message centre's rows in the original client's shape (DESIGN.md §10.2), and the names of
 * their kinds. The numbers are the server's MSG_BIG_TYPE / MSG_SMALL_TYPE (modules/msg/notify.ts).
 */
export interface SelfMessage {
  msgId: number;
  msgName: string;
  /** Our addition: the message text (the original shows the name only). */
  msgContent: string | null;
  createTime: string;
  readTime: string | null;
  bigType: number;
  smallType: number;
  /** 0 unread, 1 read. */
  status: 0 | 1;
  /**
   * What the message opens, as JSON text (the original client parses it), e.g.
   * '{"taskId":1,"processInstanceId":2,"processDefinitionId":3,"formId":4,"businessId":5}'.
   */
  params: string | null;
  menuUrl: string | null;
}

export interface QuerySelfReply {
  errCode: 0;
  msgs: SelfMessage[];
  totalCount: number;
}

export const MSG_BIG_TYPE_LABEL: Readonly<Record<number, string>> = {
  0: '系统消息',
  1: '审批消息',
  2: '自动化消息',
  3: '园区消息',
};

export const MSG_SMALL_TYPE_LABEL: Readonly<Record<number, string>> = {
  0: '通知',
  1: '抄送',
  2: '催办',
  3: '待办',
  4: '审批结果',
  5: '消息动作',
  6: '自动化失败',
  7: '运维',
  8: '自动报表',
};
