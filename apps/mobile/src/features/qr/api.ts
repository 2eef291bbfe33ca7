/** The calls behind a scanned code (issue 39, ADR 0055): /api/qr/* signed in, /apc/qr/* for 免登录填报. */
import { parseFormMeta, type QrSubReply, type StoredRow } from '@park/core';
import { ApiError, get, postForm, postJson, type Query } from '../../lib/http.ts';
import type { ChildRows, FormDefinition, StoredRecord } from '../../form/api.ts';

export interface QrEntryInfo {
  formId: number;
  mode: 'add' | 'query' | 'edit';
  name: string;
  anonymous: boolean;
  recordId: number | null;
  presets: Record<string, string>;
  readOnly: string[];
  fields: string[];
}

/** The code's own parameters (a checkpoint code's ?point=…), passed on to every call. */
export function codeParams(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (/^[A-Za-z0-9_]{1,40}$/.test(k)) out[k] = v;
  return out;
}

const flat = (stored: StoredRow): Query => Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== null)) as Query;
const path = (base: string, token: string, params: Record<string, string>) => {
  const qs = new URLSearchParams(params).toString();
  return `${base}/${encodeURIComponent(token)}${qs ? `?${qs}` : ''}`;
};

export async function resolveCode(token: string, params: Record<string, string>, signal?: AbortSignal): Promise<QrEntryInfo> {
  return (await get<{ data: QrEntryInfo }>(path('/api/qr/resolve', token, params), undefined, { signal, silent: true })).data;
}

/** The record, with its new sub-table rows when it has any (a checkpoint's items) in addpcformdata's shape. */
export async function addThroughCode(token: string, params: Record<string, string>, stored: StoredRow, children: ChildRows[] = []): Promise<string> {
  const url = path('/api/qr/add', token, params);
  const reply = children.length > 0 ? await postJson<{ businessId?: unknown }>(url, { parent: stored, child: children }) : await postForm<{ businessId?: unknown }>(url, flat(stored));
  return String(reply.businessId ?? '');
}

export interface BoundRecord {
  data: StoredRecord;
  visible: string[] | null;
  editable: string[];
  /** The sub-tables the entry shows or lets add to, with their shown rows and rules. */
  subs: QrSubReply[];
}

export async function loadBoundRecord(token: string, signal?: AbortSignal): Promise<BoundRecord> {
  return get<BoundRecord>(path('/api/qr/record', token, {}), undefined, { signal, silent: true });
}

/** The main fields and the shown sub-tables' rows (addpcformdata's {parent, child}); the server keeps what the entry allows. */
export async function updateBoundRecord(token: string, stored: StoredRow, children: ChildRows[], version: unknown): Promise<string> {
  const body = { parent: flat(stored), child: children, version: typeof version === 'number' || typeof version === 'string' ? version : undefined };
  return String((await postJson<{ businessId?: unknown }>(path('/api/qr/update', token, {}), body)).businessId ?? '');
}

// ---- 免登录填报 (no session) ----------------------------------------------------------------------

export interface AnonymousForm {
  entry: QrEntryInfo;
  definition: FormDefinition;
}

/** The anonymous entry's form; null when the code's entry needs a login (403); a revoked code throws (404). */
export async function loadAnonymousForm(token: string, params: Record<string, string>, signal?: AbortSignal): Promise<AnonymousForm | null> {
  try {
    const reply = await get<{ data: { entry: QrEntryInfo; formConf: { formId: number; formName: string; formMeta: unknown } } }>(path('/apc/qr/form', token, params), undefined, { signal, silent: true });
    const parsed = parseFormMeta(reply.data.formConf.formMeta);
    if (!parsed.ok) return null;
    return { entry: reply.data.entry, definition: { formId: reply.data.formConf.formId, formName: reply.data.formConf.formName, meta: parsed.meta } };
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

export async function newChallenge(token: string): Promise<{ challengeId: string; question: string }> {
  return (await postForm<{ data: { challengeId: string; question: string } }>(path('/apc/qr/challenge', token, {}), {})).data;
}

export async function addAnonymously(token: string, params: Record<string, string>, stored: StoredRow, challengeId: string, challengeAnswer: string): Promise<string> {
  return String((await postForm<{ businessId?: unknown }>(path('/apc/qr/add', token, params), { ...flat(stored), challengeId, challengeAnswer })).businessId ?? '');
}
