/*
 * 数据同步 (issue 40, ADR 0047): what a sub-system may pull, and the messages of a refused pull.
 * The signing text and headers are in rules.ts (syncSigningText, SYNC_HEADERS).
 */

/** The pull's entities: the sync_interface codes, and the path segment of GET /apc/sync/{entity}. */
export const SYNC_ENTITIES = ['organisations', 'users', 'roles', 'companies', 'dictionaries'] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];
export const isSyncEntity = (v: string): v is SyncEntity => (SYNC_ENTITIES as readonly string[]).includes(v);

/** A page of changes is at most this long (limit), and this long when none is asked. */
export const SYNC_PAGE_MAX = 500;
export const SYNC_PAGE_DEFAULT = 100;

/** Header of a webhook POST carrying the delivery's id (the other headers are SYNC_HEADERS). */
export const SYNC_DELIVERY_HEADER = 'x-park-delivery';

export const SYNC_TEXT = {
  unsigned: '缺少同步签名（x-park-account、x-park-time、x-park-signature）',
  unknownAccount: '同步账号不存在或未开启数据同步',
  badSignature: '同步签名错误',
  stale: '请求时间已过期，请校准时间后重试',
  replay: '重复的请求已被拒绝',
  unknownEntity: '同步接口不存在',
  notGranted: '该子系统未被授权此同步接口',
  tenantNotGranted: '该子系统未被授权此租户的数据',
  badCursor: '游标或分页参数不合法',
  saveConfirm: '确认保存吗？',
  saved: '保存成功',
} as const;

/** 推送记录 status. */
export const DELIVERY_STATUS_TEXT: Record<number, string> = { 0: '待推送', 1: '成功', 2: '失败' };
