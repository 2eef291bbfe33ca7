/** Messages when a form page's id cannot be read from its path (spec 000 §2 Routes). */
export const FORM_ID_EMPTY = '路由formId为空';
export const FORM_ID_NOT_NUMERIC = '路由formId不是有效的数字';

export type FormIdResult = { ok: true; formId: number } | { ok: false; message: string };

/** Form pages take the numeric form id from the last path segment. */
export function formIdFromPath(pathname: string): FormIdResult {
  const segments = pathname.split('?')[0]!.split('/').filter((s) => s.length > 0);
  const last = segments[segments.length - 1];
  if (last === undefined || last === '') return { ok: false, message: FORM_ID_EMPTY };
  if (!/^[1-9]\d{0,15}$/.test(last)) return { ok: false, message: FORM_ID_NOT_NUMERIC };
  return { ok: true, formId: Number(last) };
}
