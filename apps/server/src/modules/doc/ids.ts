import { badRequest } from '../../plugins/errors.ts';

/* Ids arrive as numbers, strings or comma lists (the original's GET ?ids=1,2). */
const ID = /^[1-9]\d{0,17}$/;
export const parseId = (raw: unknown, msg = '参数不合法'): string => {
  const s = String(raw ?? '').trim();
  if (!ID.test(s)) throw badRequest(msg);
  return s;
};
export const optionalId = (raw: unknown): string | null => (raw === undefined || raw === null || String(raw).trim() === '' ? null : parseId(raw));
export const idList = (raw: unknown): string[] => {
  const list = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
  return [...new Set(list.map((v) => String(v).trim()).filter(Boolean))].map((v) => parseId(v));
};
