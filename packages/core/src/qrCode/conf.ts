/*
 * 二维码设置 (issue 39, ADR 0050; screens-round3 §6.1): the original's qrCodeConf shape, its default
 * and the rules both the dialog and the server check, so a crafted request meets the same refusals.
 */
import { cleanQrChild, qrChildProblem, type QrChild } from './subTables.ts';

import { QR_LIST_KINDS, type QrListKind } from './kinds.ts';

export { QR_LIST_KINDS, type QrListKind } from './kinds.ts';

export interface QrField {
  name: string;
  key: string;
  type?: string;
  preset?: boolean;
  readOnly?: boolean;
  /** add: the preset value; `${param}` takes it from the code's parameters (a checkpoint code). */
  value?: string;
  /** edit: 'edit' or 'read'. */
  auth?: string;
}

export interface QrEntry {
  name: string;
  isDefault?: boolean;
  isShow: boolean;
  /** 免登录填报 (add entries only). */
  anonymous?: boolean;
  /** The random part of the entry's signed token; the server sets it, regenerating it revokes printed codes. */
  tokenId?: string;
  /** 查看/编辑 bound to one record (a fire extinguisher's sticker). */
  recordId?: number;
  /** childs: the sub-tables' rules (subTables.ts), in the original's shape of the entry's list. */
  content: { parent: QrField[]; childs: QrChild[] | unknown[] };
}

export interface QrCodeConf {
  formId: number;
  add: QrEntry[];
  query: QrEntry[];
  edit: QrEntry[];
}

export const QR_TEXT = {
  saved: '保存成功',
  confirmSave: '是否保存二维码配置信息?',
  nameRequired: '请输入二维码名称',
  nameTooLong: '二维码名称不能超过50个字',
  nameTaken: '二维码名称已存在',
  tooMany: '每类二维码最多50个',
  fieldUnknown: '字段不存在',
  anonymousOnlyAdd: '仅新增填报可开启免登录填报',
  formMismatch: '表单不一致',
  notFound: '二维码不存在或已失效',
  nothingToPrint: '没有可打印的二维码：请先保存并显示二维码',
} as const;

const DEFAULT_NAMES: Record<QrListKind, string> = { add: '新增', query: '查询', edit: '编辑' };

/** The original's default when nothing is saved. */
export function defaultQrCodeConf(formId: number): QrCodeConf {
  const entry = (kind: QrListKind): QrEntry => ({ name: DEFAULT_NAMES[kind], isDefault: true, isShow: true, content: { parent: [], childs: [] } });
  return { formId, add: [entry('add')], query: [entry('query')], edit: [entry('edit')] };
}

/**
 * The first problem of a configuration, or null. `fieldKeys` are the form's field models: an entry
 * naming an unknown field is refused (the server would otherwise preset a column the form lacks).
 */
export function qrCodeConfProblem(
  conf: QrCodeConf,
  formId: number,
  fieldKeys: ReadonlySet<string>,
  /** The form's sub-tables and their field keys, for the entries' sub-table rules. */
  subTables: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): string | null {
  if (Number(conf.formId) !== formId) return QR_TEXT.formMismatch;
  for (const kind of QR_LIST_KINDS) {
    const list = conf[kind] ?? [];
    if (list.length > 50) return QR_TEXT.tooMany;
    const names = new Set<string>();
    for (const e of list) {
      const name = (e.name ?? '').trim();
      if (!name) return QR_TEXT.nameRequired;
      if (name.length > 50) return QR_TEXT.nameTooLong;
      if (names.has(name)) return QR_TEXT.nameTaken;
      names.add(name);
      if (e.anonymous && kind !== 'add') return QR_TEXT.anonymousOnlyAdd;
      for (const f of e.content?.parent ?? []) if (!fieldKeys.has(f.key)) return QR_TEXT.fieldUnknown;
      const childProblem = qrChildProblem(kind, Array.isArray(e.content?.childs) ? e.content.childs : [], subTables);
      if (childProblem) return childProblem;
    }
  }
  return null;
}

/** Keeps the known keys only (no stray properties reach the database). */
export function cleanQrCodeConf(conf: QrCodeConf): QrCodeConf {
  // The original's 编辑 list keeps a field's permission in `type` ('edit'/'read'); ours in `auth`.
  const authOf = (kind: QrListKind, f: QrField) => {
    const a = f.auth ?? (kind === 'edit' ? f.type : undefined);
    return a === 'edit' || a === 'read' ? a : undefined;
  };
  const field = (kind: QrListKind, f: QrField): QrField => ({
    name: String(f.name ?? ''), key: String(f.key), type: f.type === undefined ? undefined : String(f.type),
    preset: f.preset === true, readOnly: f.readOnly === true, value: f.value === undefined ? undefined : String(f.value),
    auth: authOf(kind, f),
  });
  const entry = (kind: QrListKind) => (e: QrEntry): QrEntry => ({
    name: e.name.trim(), isDefault: e.isDefault === true, isShow: e.isShow !== false, anonymous: e.anonymous === true,
    tokenId: typeof e.tokenId === 'string' && /^[0-9a-f]{32}$/.test(e.tokenId) ? e.tokenId : undefined,
    recordId: Number.isSafeInteger(e.recordId) && (e.recordId as number) > 0 ? e.recordId : undefined,
    content: {
      parent: (e.content?.parent ?? []).map((f) => field(kind, f)),
      childs: (Array.isArray(e.content?.childs) ? e.content.childs : []).slice(0, 50).map((c) => cleanQrChild(kind, c)).filter((c): c is QrChild => c !== null),
    },
  });
  return { formId: Number(conf.formId), add: (conf.add ?? []).map(entry('add')), query: (conf.query ?? []).map(entry('query')), edit: (conf.edit ?? []).map(entry('edit')) };
}

/**
 * The values an add through this entry must carry: presets (fixed, or `${param}` from the code's
 * parameters) override whatever the request sent for a read-only field.
 */
export function qrPresetValues(entry: QrEntry, params: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of entry.content.parent) {
    if (!f.preset) continue;
    const m = /^\$\{([A-Za-z0-9_]{1,40})\}$/.exec(f.value ?? '');
    out[f.key] = m ? (params[m[1]!] ?? '') : (f.value ?? '');
  }
  return out;
}

/**
 * What an add through the entry writes: a read-only preset replaces whatever was sent (a crafted
 * request cannot change it); an editable preset only fills a field left empty.
 */
export function qrAddValues(entry: QrEntry, params: Readonly<Record<string, string>>, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const presets = qrPresetValues(entry, params);
  const out: Record<string, unknown> = { ...input };
  for (const f of entry.content.parent) {
    if (!(f.key in presets)) continue;
    const empty = out[f.key] === undefined || out[f.key] === null || out[f.key] === '';
    if (f.readOnly || empty) out[f.key] = presets[f.key];
  }
  return out;
}
