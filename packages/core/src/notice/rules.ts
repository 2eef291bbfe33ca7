/*
 * 公告 (issue 38): the field rules and messages of the original's Notice.vue editor, shared by the
 * browser and the server so both refuse the same input with the same Chinese words.
 */

/** 0 平台公告 (park to every tenant but the black list, and the park's users); 1 企业公告 (one tenant). */
export const NOTICE_KIND = { platform: 0, enterprise: 1 } as const;
export type NoticeKind = (typeof NOTICE_KIND)[keyof typeof NOTICE_KIND];

/** 0 草稿, 1 待发布 (定时), 2 已发布, 3 已撤回. */
export const NOTICE_STATUS = { draft: 0, scheduled: 1, published: 2, withdrawn: 3 } as const;

/** The seeded dictionary holding 公告类型, and its seeded entries (code, name). */
export const NOTICE_TYPE_DIC = 'NOTICE_TYPE';
export const NOTICE_TYPES: ReadonlyArray<readonly [string, string]> = [['1', '通知公告'], ['2', '安全提示'], ['3', '政策法规'], ['4', '活动通知']];
export const NOTICE_STATUS_LABEL: Record<number, string> = { 0: '草稿', 1: '待发布', 2: '已发布', 3: '已撤回' };

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 200_000;

export const NOTICE_TEXT = {
  titleRequired: '请输入公告标题',
  titleTooLong: `公告标题不能超过${NOTICE_TITLE_MAX}个字`,
  typeRequired: '请选择公告类型',
  contentRequired: '请输入公告内容',
  contentTooLong: '公告内容过长',
  publishTimeRequired: '请选择定时发布时间',
  publishTimePast: '定时发布时间必须晚于当前时间',
  tenantRequired: '请选择企业',
  saved: '保存成功',
  deleted: '删除成功',
  published: '发布成功',
  scheduled: '已设置定时发布',
  withdrawn: '撤回成功',
  notFound: '公告不存在',
  notEditable: '已发布的公告不能修改，请先撤回',
  notWithdrawable: '只有已发布的公告可以撤回',
  alreadyPublished: '公告已发布',
} as const;

export interface NoticeInput {
  title?: unknown;
  noticeType?: unknown;
  content?: unknown;
  /** 1 定时发布 with publishTime; otherwise published when 发布 is pressed. */
  timing?: unknown;
  publishTime?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v).trim());

/** The first message the input earns, or null when it may be saved. `now` makes it testable. */
export function noticeError(input: NoticeInput, now: Date = new Date()): string | null {
  const title = text(input.title);
  if (!title) return NOTICE_TEXT.titleRequired;
  if ([...title].length > NOTICE_TITLE_MAX) return NOTICE_TEXT.titleTooLong;
  if (!text(input.noticeType)) return NOTICE_TEXT.typeRequired;
  const content = text(input.content);
  if (!content || content.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(content)) return NOTICE_TEXT.contentRequired;
  if (content.length > NOTICE_CONTENT_MAX) return NOTICE_TEXT.contentTooLong;
  if (String(input.timing ?? '') === '1') {
    const at = text(input.publishTime);
    if (!at) return NOTICE_TEXT.publishTimeRequired;
    const t = new Date(at);
    if (Number.isNaN(t.getTime()) || t.getTime() <= now.getTime()) return NOTICE_TEXT.publishTimePast;
  }
  return null;
}

/** The list's read column, as the original prints it. */
export const readSummary = (count: number, unReadNum: number): string => `${count}人，${unReadNum}未读`;

/**
 * Who receives a notice (the rule the server's INSERT … SELECT implements in SQL):
 * a platform notice reaches the park's users and every tenant's users except black-listed tenants;
 * an enterprise notice reaches the chosen departments' and people's users of its tenant, or all of
 * the tenant when none are chosen.
 */
export interface ReceiverCandidate {
  userId: string;
  companyId: string | null;
  orgIds: readonly string[];
}
export interface ReceiverScope {
  kind: NoticeKind;
  tenantId: string | null;
  blackList: readonly string[];
  orgIds: readonly string[];
  userIds: readonly string[];
}
export function isReceiver(scope: ReceiverScope, u: ReceiverCandidate): boolean {
  if (scope.kind === NOTICE_KIND.platform) return u.companyId === null || !scope.blackList.includes(u.companyId);
  if (u.companyId === null || u.companyId !== scope.tenantId) return false;
  if (scope.orgIds.length === 0 && scope.userIds.length === 0) return true;
  return scope.userIds.includes(u.userId) || u.orgIds.some((o) => scope.orgIds.includes(o));
}
