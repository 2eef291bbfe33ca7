/**
 * Custom jumps of list buttons and jump columns (spec 000 §3 "Jump info", spec 002 §2/§5).
 *
 * `urlType` says where the target opens: 0 a dialog (optionally fullscreen, with a title and a
 * width), 1 the same window, 2 a new window, 3 an API call made with `requestMethod`, whose reply
 * is read through `respParamSet` (the names of its code and message fields). `type` says what the
 * target is: 0 an external link (`url`), 1 a form of this platform (`formId`, opened on its full
 * add page). Parameters come from the row: each `params` entry takes the row's `model` value
 * (type 0) or the fixed value `value` (type 1) and sends it as `paramName`; `{paramName}` in the
 * address is replaced by it, the others are added to the query string.
 */
import { BASE_PATH } from '../api/types.ts';
import { designNumber, flag, isRecord, scalarText } from '../form/lib/values.ts';
import type { JumpInfo } from '../form/types.ts';

export const JUMP_EMPTY = '跳转配置为空';
export const JUMP_URL_EMPTY = '跳转跳转的外部链接地址为空';
export const JUMP_API_EMPTY = 'API接口地址为空,请重新配置！';
export const JUMP_RESP_EMPTY = 'API调用接口返回参数设置为空,请重新配置！';
export const JUMP_URL_UNSAFE = '跳转地址不合法，仅支持 http(s) 地址或本系统路径';
export const JUMP_API_DONE = '操作成功';
export const JUMP_API_FAILED = '操作失败';

export type JumpPlan =
  | { kind: 'error'; message: string }
  | { kind: 'dialog'; url: string; title: string; width: string; fullscreen: boolean }
  | { kind: 'self' | 'window'; url: string }
  | {
      kind: 'api';
      method: 'GET' | 'POST';
      url: string;
      params: Record<string, string>;
      errCodeField: string;
      errMsgField: string;
    };

type Row = Readonly<Record<string, unknown>>;

const text = (v: unknown) => scalarText(v).trim();

/** A value of the row as text: lists and objects (m_ pickers, regions) as JSON. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') return JSON.stringify(v);
  return scalarText(v);
}

/** `params` → name/value pairs in configured order; an entry without a name is skipped. */
export function jumpParams(info: JumpInfo, row: Row): Array<[string, string]> {
  const list = Array.isArray(info.params) ? info.params.filter(isRecord) : [];
  const out: Array<[string, string]> = [];
  for (const p of list) {
    const model = text(p.model);
    const name = text(p.paramName) || model;
    if (!name) continue;
    const fixed = text(p.type) === '1';
    out.push([name, fixed ? cellText(p.value ?? p.model) : cellText(row[model])]);
  }
  return out;
}

/** Same-site paths and http(s) addresses only: a design must not smuggle javascript: into a link. */
export function isSafeJumpUrl(url: string): boolean {
  if (/^https?:\/\/[^\s]+$/i.test(url)) return true;
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') && !/\s/.test(url);
}

/** What a foreign page in a jump dialog may do: run, submit, open windows, download; never act as us. */
export const FOREIGN_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-downloads';

/**
 * The sandbox of the frame a dialog jump opens (issue 26). A page of this system needs none: it
 * is ours and needs its session. A foreign page must not get allow-same-origin, which together
 * with allow-scripts would let it lift its own sandbox. Null: no sandbox attribute.
 */
export function jumpFrameSandbox(url: string, origin: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return null;
  const target = originOf(trimmed);
  return target !== null && target === originOf(origin) ? null : FOREIGN_FRAME_SANDBOX;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** scheme://host:port of an absolute http(s) address, the port always written; null otherwise. */
function originOf(address: string): string | null {
  const m = /^(https?):\/\/([^/?#@\s]+)/i.exec(address);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  const hostPort = m[2]!.toLowerCase();
  return /:\d+$/.test(hostPort) ? `${scheme}://${hostPort}` : `${scheme}://${hostPort}:${DEFAULT_PORTS[scheme]}`;
}

/** Replaces `{name}` placeholders and appends the other parameters to the query string. */
export function buildJumpUrl(url: string, params: ReadonlyArray<[string, string]>): string {
  const used = new Set<string>();
  const values = new Map(params);
  let out = url.replace(/\$?\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    if (!values.has(name)) return whole;
    used.add(name);
    return encodeURIComponent(values.get(name)!);
  });
  const rest = params.filter(([name]) => !used.has(name));
  if (rest.length === 0) return out;
  const hashAt = out.indexOf('#');
  const hash = hashAt >= 0 ? out.slice(hashAt) : '';
  if (hashAt >= 0) out = out.slice(0, hashAt);
  // Core has no URLSearchParams (no DOM or Node types); form encoding by hand, spaces as %20.
  const qs = rest.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${out}${out.includes('?') ? (out.endsWith('?') || out.endsWith('&') ? '' : '&') : '?'}${qs}${hash}`;
}

/** 0 link (default when a url is set), 1 a form of this platform. */
function targetUrl(info: JumpInfo): string {
  const type = text(info.type);
  const formId = text(info.formId);
  if ((type === '1' || type === 'form' || (!text(info.url) && formId)) && /^[1-9]\d{0,17}$/.test(formId)) {
    return `${BASE_PATH}/full/custom/${formId}`;
  }
  return text(info.url);
}

function dialogWidth(raw: unknown): string {
  const t = text(raw);
  if (/^\d+(\.\d+)?(px|%|vw)$/.test(t)) return t;
  const n = designNumber(raw);
  return n !== undefined && n > 0 ? (n <= 100 ? `${n}%` : `${n}px`) : '60%';
}

/** What a click on a custom button or jump cell should do for this row. */
export function planJump(raw: unknown, row: Row): JumpPlan {
  if (!isRecord(raw) || Object.keys(raw).length === 0) return { kind: 'error', message: JUMP_EMPTY };
  const info = raw as JumpInfo;
  const urlType = text(info.urlType) || '0';
  const params = jumpParams(info, row);
  if (urlType === '3') {
    const url = text(info.url);
    if (!url) return { kind: 'error', message: JUMP_API_EMPTY };
    const resp = isRecord(info.respParamSet) ? info.respParamSet : {};
    const errCodeField = text(resp.errCode);
    const errMsgField = text(resp.errMsg);
    if (!errCodeField || !errMsgField) return { kind: 'error', message: JUMP_RESP_EMPTY };
    if (!isSafeJumpUrl(url)) return { kind: 'error', message: JUMP_URL_UNSAFE };
    return {
      kind: 'api',
      method: text(info.requestMethod).toUpperCase() === 'POST' ? 'POST' : 'GET',
      url,
      params: Object.fromEntries(params),
      errCodeField,
      errMsgField,
    };
  }
  const target = targetUrl(info);
  if (!target) return { kind: 'error', message: JUMP_URL_EMPTY };
  if (!isSafeJumpUrl(target)) return { kind: 'error', message: JUMP_URL_UNSAFE };
  const url = buildJumpUrl(target, params);
  if (urlType === '1') return { kind: 'self', url };
  if (urlType === '2') return { kind: 'window', url };
  return {
    kind: 'dialog',
    url,
    title: text(info.dialogTitle),
    width: dialogWidth(info.dialogWidth),
    fullscreen: flag(info.dialogFullscreen),
  };
}

/** A field of a reply by name, dotted paths allowed (`data.code`). */
function pick(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const part of path.split('.')) {
    if (!isRecord(at)) return undefined;
    at = at[part];
  }
  return at;
}

/**
 * Reads an API jump's reply through respParamSet: the code field missing, empty or 0 is success
 * (the platform's convention, spec 002 §8); the message field is shown either way.
 */
export function readJumpReply(body: unknown, errCodeField: string, errMsgField: string): { ok: boolean; message: string } {
  const code = pick(body, errCodeField);
  const ok = code === undefined || code === null || code === '' || code === 0 || code === '0';
  const message = text(pick(body, errMsgField));
  return { ok, message: message || (ok ? JUMP_API_DONE : JUMP_API_FAILED) };
}
