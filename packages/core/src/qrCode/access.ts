/*
 * What a scanned code lets its holder do (issue 39, ADR 0055), shared by the phone and the server
 * so a crafted request meets the same limits the page draws: a 查看/编辑 entry's visible and
 * editable fields, and the texts of the anonymous (免登录填报) path.
 */
import type { QrEntry, QrListKind } from './conf.ts';

export const QR_ACCESS_TEXT = {
  revoked: '二维码已失效',
  notBound: '该二维码未绑定数据',
  recordGone: '绑定的数据不存在或无权查看',
  challengeRequired: '请先完成验证',
  challengeWrong: '验证答案不正确，请重新验证',
  tooMany: '提交过于频繁，请稍后再试',
  anonymousOnly: '该二维码需要登录后填报',
  noSubTables: '免登录填报不支持子表数据',
  tooManyFiles: '上传的文件过多',
  foreignFile: '附件无效，请重新上传',
} as const;

/** How an anonymous record's creator is shown: the entry it came through. */
export const anonymousCreatorLabel = (entryName: string): string => `匿名（二维码：${entryName}）`;

export interface QrRecordFields {
  /** null: every field of the form (the entry lists none). */
  visible: ReadonlySet<string> | null;
  editable: ReadonlySet<string>;
}

/**
 * A 查看/编辑 entry's fields: the listed ones are visible (all of them when it lists none); on 编辑
 * only those set to 'edit' may change, and a 查看 entry changes nothing.
 */
export function qrRecordFields(kind: QrListKind, entry: QrEntry): QrRecordFields {
  const listed = entry.content.parent;
  const visible = listed.length > 0 ? new Set(listed.map((f) => f.key)) : null;
  const editable = new Set(kind === 'edit' ? listed.filter((f) => f.auth === 'edit' && !f.readOnly).map((f) => f.key) : []);
  return { visible, editable };
}

/** The submitted fields an edit through the entry may write; the rest are ignored (ADR 0055). */
export function qrEditableInput(fields: QrRecordFields, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (fields.editable.has(k)) out[k] = v;
  return out;
}

/** A stored record cut down to what the entry shows (system columns stay: id, version…). */
export function qrVisibleRecord(fields: QrRecordFields, record: Readonly<Record<string, unknown>>, formFields: ReadonlySet<string>): Record<string, unknown> {
  if (!fields.visible) return { ...record };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (!formFields.has(k) || fields.visible.has(k)) out[k] = v;
  return out;
}
