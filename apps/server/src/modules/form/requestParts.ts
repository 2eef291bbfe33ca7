import { badRequest } from '../../plugins/errors.ts';

/** Pieces of record requests that the record and sub-table routes read alike. */

/** Form-encoded posts arrive as strings (repeated keys as arrays); JSON may carry anything. */
export function flatBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('请求体格式不正确');
  return body as Record<string, unknown>;
}

export function versionOf(body: Record<string, unknown>): number | null {
  const v = body.version;
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest('version 不合法');
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest('version 不合法');
  return n;
}

/** A record id is one positive integer, as text or a number: `[48]` is not an id (issue 15 §5). */
export function recordIdOf(raw: unknown, what = 'id'): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(`${what} 不合法`);
  const text = String(raw);
  if (!/^[1-9]\d{0,17}$/.test(text)) throw badRequest(`${what} 不合法`);
  return text;
}

/** A list of record ids (batch delete): comma-separated or repeated, at most 1000. */
export function parseIdList(raw: unknown, what = 'businessIds'): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw badRequest(`${what} 不能为空`);
  if (ids.length > 1000 || ids.some((id) => !/^[1-9]\d{0,17}$/.test(id))) throw badRequest(`${what} 参数不合法`);
  return ids;
}
