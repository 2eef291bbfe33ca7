import type { Recipient } from '../flow/types.ts';

/** 提醒方式 of a 定时填报提醒: the original's values ('mouth' is its spelling of month). */
export type RemindType = 'day' | 'week' | 'mouth';
/** Channels: 系统推送 '1', 短信提醒 '2', 邮件提醒 '3'. */
export type RemindWay = '1' | '2' | '3';

/** A person picked as 默认接收人 (the original's selectPeople node). */
export interface DefaultRecipient {
  id: string | number;
  name?: string;
}

/** One 定时填报提醒 card (screens-round3 §6.2). */
export interface FormRemind {
  recipient: Recipient | Recipient[];
  defaultRecipient: DefaultRecipient[];
  remind: { remindType: RemindType; remindDay: Array<string | number>; remindTime: string; remindWay: RemindWay[] };
}

/** A condition row of a 数据提醒: condType '0' single, '1' or, '2' and, '3' date. */
export interface RemindCond {
  key: string;
  type?: string;
  dataType?: string;
  condType: '' | '0' | '1' | '2' | '3';
  conds: Array<{ matchType: string; value: unknown }>;
  dateCond?: { type: string; count: number | string };
}

/** One 数据提醒 card: 普通条件 '1' (each record once) or 周期条件 '2' (again every period). */
export interface CondRemind {
  recipient: Recipient | Recipient[];
  defaultRecipient: DefaultRecipient[];
  remind: {
    remindWay: RemindWay[];
    condType: '1' | '2';
    condRelative: 'and' | 'or';
    title: string;
    content: string;
    period?: { type: 'day' | 'month'; count: number | string };
    cond: RemindCond[];
  };
}

export interface FormSet {
  formRemind: FormRemind[];
  condRemind: CondRemind[];
  dataPermissions?: unknown;
}
