/*
 * 表单分配 / 同步配置 per-tenant codes (ADR 0034, the original's): what the result step shows. One
 * table for the server (which writes the codes) and the screen (which names them).
 */
export const ALLOT_STATUS = { queued: -2, running: 3, done: 0, partly: -1, failed: 1 } as const;
export type AllotStatusCode = (typeof ALLOT_STATUS)[keyof typeof ALLOT_STATUS];
export type AllotKind = 'allot' | 'sync';

const WORDS: Record<AllotKind, string> = { allot: '分配', sync: '同步' };

const TEXTS: Record<AllotStatusCode, (word: string) => string> = {
  [ALLOT_STATUS.queued]: () => '队列中.....',
  [ALLOT_STATUS.running]: (w) => `${w}中.....`,
  [ALLOT_STATUS.done]: (w) => `${w}完成`,
  [ALLOT_STATUS.partly]: (w) => `${w}完成(部分失败)`,
  [ALLOT_STATUS.failed]: (w) => `${w}失败`,
};

/** The tag text of a code: 分配中....., 同步完成(部分失败), 队列中.....; an unknown code reads as failed. */
export function allotStatusText(kind: AllotKind, code: number): string {
  const text = TEXTS[code as AllotStatusCode] ?? TEXTS[ALLOT_STATUS.failed];
  return text(WORDS[kind]);
}

export const NO_TENANT_CHOSEN = '选择租户不能为空！';
