/*
 * 通讯录 (issue 38, screens-round3 §4.5): what the browser, the phone and the server share — the
 * permission codes of the menus, the name the park's own people are listed under, the paging and
 * the query's limits, and the screens' texts.
 */

/** Permission codes of 通讯录 › 内部联系人 and 部门 (seeded on the menus, checked by the server). */
export const BOOK_PERMS = { contacts: 'book:contacts', orgs: 'book:orgs' } as const;

/** The park's people and departments belong to no tenant; the book lists them under this name. */
export const PARK_CONTACT_TENANT_NAME = '园区管委会';

/** The original pages by 10; a reply holds at most this many rows. */
export const BOOK_PAGE_SIZE = 10;
export const BOOK_MAX_PAGE_SIZE = 100;
/** 企业名称 / 姓名 / 部门名称 are short names: longer input is refused, not searched. */
export const BOOK_QUERY_MAX = 64;

export const BOOK_TEXT = {
  queryTooLong: `查询条件不能超过${BOOK_QUERY_MAX}个字符`,
  outsideEmpty: '暂无外部联系人，外部联系人功能正在建设中',
  mobileTitle: '通讯录',
  mobileSearch: '搜索姓名',
  mobileEmpty: '没有找到联系人',
} as const;

export interface BookQuery {
  pageNum: number;
  pageSize: number;
  tenantName?: string;
  /** 姓名 (contacts) */
  userName?: string;
  /** 部门名称 (departments) */
  orgName?: string;
}

/** A row of queryTenantUserInfo, in the original's field names. */
export interface BookContact {
  id: number;
  tenantId: number | null;
  tenantName: string;
  orgs: { orgName: string }[];
  realName: string;
  phone: string | null;
  email: string | null;
  jobs: string | null;
  roles: { roleName: string }[];
}

/** A row of queryOrgsByCondition. */
export interface BookOrg {
  id: number;
  tenantId: number | null;
  tenantName: string;
  orgName: string;
  parentOrgName: string;
  orgLeaderName: string;
}

/**
 * The query as both sides read it: page numbers clamped to what the server serves, names trimmed
 * (blank is no filter), a name longer than BOOK_QUERY_MAX refused with a Chinese message.
 */
export function parseBookQuery(raw: Record<string, unknown>): { ok: true; query: BookQuery } | { ok: false; message: string } {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const query: BookQuery = {
    pageNum: Math.max(1, Math.floor(Number(raw.pageNum)) || 1),
    pageSize: Math.min(BOOK_MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(raw.pageSize)) || BOOK_PAGE_SIZE)),
    tenantName: text(raw.tenantName),
    userName: text(raw.userName),
    orgName: text(raw.orgName),
  };
  if ([query.tenantName, query.userName, query.orgName].some((v) => v !== undefined && v.length > BOOK_QUERY_MAX)) {
    return { ok: false, message: BOOK_TEXT.queryTooLong };
  }
  return { ok: true, query };
}

/** The table cells that join a list: 所属部门 and 角色 (the original joins with commas). */
export const joinNames = (items: readonly Record<string, string>[], key: string): string => items.map((i) => i[key]).join('，');
