import type { FastifyRequest } from 'fastify';
import { qrEditableInput, qrRecordFields, qrVisibleRecord, QR_ACCESS_TEXT, type QrRecordFields } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import { recordReply, requireFormAction } from '../form/index.ts';
import { resolveToken, type ResolvedQr } from './service.ts';
import { sentTables, subTablesFor, writeSubTables } from './subRows.ts';

/*
 * 查看/编辑 codes bound to one record (issue 39, ADR 0055: the sticker on a fire extinguisher). The
 * token names the entry, the entry names the record; the caller still needs the form's view (and,
 * to write, edit) permission and reaches the record only within its own data scope, so another
 * tenant's record answers 404. Only the entry's visible fields are answered; a write keeps the
 * entry's editable fields and ignores the rest. Sub-tables follow the entry's per-sub-table rules
 * (subRows.ts): only the rows its condition shows are answered, and a save adds and changes rows
 * only as those rules allow.
 */

interface Bound {
  r: ResolvedQr;
  recordId: string;
  fields: QrRecordFields;
}

async function bound(ctx: AppContext, token: string): Promise<Bound> {
  const r = await resolveToken(ctx, token);
  if (r.kind === 'add') throw notFound(QR_ACCESS_TEXT.revoked);
  if (!r.entry.recordId) throw notFound(QR_ACCESS_TEXT.notBound);
  return { r, recordId: String(r.entry.recordId), fields: qrRecordFields(r.kind, r.entry) };
}

type Model = Awaited<ReturnType<AppContext['forms']['loadFor']>>;
const formFieldKeys = (model: Model) => new Set(model.main.controls.flatMap((c) => (typeof c.model === 'string' && c.model ? [c.model] : [])));

/** The bound record as getformdatabyid answers it, cut to the entry's visible fields, with the sub-tables it shows. */
export async function boundRecord(ctx: AppContext, request: FastifyRequest, token: string) {
  const { r, recordId, fields } = await bound(ctx, token);
  const scope = requireFormAction(request, r.formId, 'view');
  const model = await ctx.forms.loadFor(ctx.db, r.formId, companyScopeOf(authOf(request)));
  const found = await ctx.records.readForEditor(model, recordId, scope);
  if (!found) throw notFound(QR_ACCESS_TEXT.recordGone);
  const keys = formFieldKeys(model);
  return {
    data: qrVisibleRecord(fields, found.data, keys),
    formData: qrVisibleRecord(fields, found.formData, keys),
    visible: fields.visible ? [...fields.visible] : null,
    editable: [...fields.editable],
    subs: await subTablesFor(ctx, model, r.kind, r.entry, recordId),
  };
}

/** 编辑 through the code: the entry's editable fields only, checked as updateformdata checks. */
export async function updateBoundRecord(ctx: AppContext, request: FastifyRequest, token: string, body: Record<string, unknown>) {
  const { r, recordId, fields } = await bound(ctx, token);
  if (r.kind !== 'edit') throw notFound(QR_ACCESS_TEXT.revoked);
  const scope = requireFormAction(request, r.formId, 'edit');
  const model = await ctx.forms.loadFor(ctx.db, r.formId, companyScopeOf(authOf(request)));
  if (model.status !== 0) throw badRequest('表单已停用');
  // JSON {parent, child, version} (addpcformdata's shape) carries sub-table rows; a flat body only the main fields.
  const structured = typeof body.parent === 'object' && body.parent !== null && !Array.isArray(body.parent);
  const input = qrEditableInput(fields, structured ? (body.parent as Record<string, unknown>) : body);
  const sent = structured ? sentTables(body.child) : [];
  const version = body.version === undefined || body.version === '' ? null : Number(body.version);
  if (version !== null && !(Number.isInteger(version) && version > 0)) throw badRequest('version 不合法');
  return ctx.db.transaction().execute(async (trx) => {
    const before = await ctx.records.find(trx, model.main, recordId, scope, true).catch(() => {
      throw notFound(QR_ACCESS_TEXT.recordGone);
    });
    const after = await ctx.records.update(trx, request, model, model.main, before, input, version);
    await writeSubTables(ctx, trx, request, model, r.kind, r.entry, recordId, sent);
    await writeAudit(trx, request, { action: `扫码编辑表单数据（${r.entry.name}）`, targetType: `form:${model.formId}`, targetId: recordId, detail: before });
    return recordReply(model, after).data;
  });
}
