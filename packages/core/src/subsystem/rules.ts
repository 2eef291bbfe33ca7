/*
 * 子系统 (issue 40): the rules and messages the 子系统 screen and the server share (screens-round3 §5.2),
 * and the data-sync signature every sub-system computes (ADR 0040).
 */

export const SUBSYS_TEXT = {
  nameRequired: '请输入子系统名称',
  nameTaken: '子系统已存在',
  urlRequired: '请输入访问地址',
  urlInvalid: '请输入正确的访问地址',
  indexRequired: '请输入排序号',
  indexInvalid: '必须为正整数',
  redirectInvalid: '回调地址须为完整的 http(s) 地址，每行一个',
  redirectRequired: '需要单点登录时请填写至少一个回调地址',
  saved: '操作成功',
  secretOnce: '密钥只显示这一次，请立即复制保存；关闭后无法再次查看，只能重新生成',
} as const;

/** 是 0 / 否 1, as the original's radios. */
export const YES = 0;
export const NO = 1;

/* 访问地址 uses the admin rule isSysUrl (http(s) or a path on this server). */

/** 排序号: a positive integer ("必须为正整数"). */
export function isSortIndex(value: unknown): boolean {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 1_000_000;
}

/**
 * An OIDC redirect URI: absolute http(s), no fragment (RFC 6749 §3.1.2). Compared exactly by the
 * provider, so nothing is normalised here beyond trimming.
 */
export function isRedirectUri(value: string): boolean {
  if (/\s/.test(value) || value.length > 500 || value.includes('#')) return false;
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^?]*)?(\?.*)?$/i.test(value);
}

/** One URI a line (the dialog's textarea) → the list; blank lines dropped. */
export function uriLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The sync account and secret are exactly this long (数据同步账号分配: "请输入32位密钥"). */
export const AGENT_CREDENTIAL_LENGTH = 32;

/** Headers a signed sync call carries. */
export const SYNC_HEADERS = { account: 'x-park-account', time: 'x-park-time', signature: 'x-park-signature' } as const;
/** A signed call older or newer than this (ms) is refused as stale. */
export const SYNC_TIME_WINDOW_MS = 5 * 60_000;

/**
 * What is signed: method, path with query, the time (ms since the epoch, as sent) and the body's
 * SHA-256 hex, one a line. The signature is HMAC-SHA256 of this with the secret, hex.
 */
export function syncSigningText(method: string, pathWithQuery: string, time: string, bodySha256Hex: string): string {
  return [method.toUpperCase(), pathWithQuery, time, bodySha256Hex].join('\n');
}
