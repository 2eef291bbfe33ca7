import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseFormMeta, validateFormMeta, withOriginDefaults, withSensorSettingsV2, type FormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { announceFormChange } from './formModel.ts';
import { findForm, saveDesignText } from './formConf.repo.ts';
import { storageLayoutOf } from './formLifecycle.ts';
import { syncFormTables } from './tableSync.ts';
import { designFileIds, syncDesignFileRefs } from './designFiles.ts';
import { deleteDraft } from './designDraft.repo.ts';
import { searchIndexKeeper } from './list/searchIndexKeeper.ts';

/** Publishing a form design (saveformdesign) and the checks its dry run shares. */

/** A formMeta is user-designed JSON; this bounds what one save may hold. */
const MAX_META_BYTES = 2 * 1024 * 1024;

/**
 * The design as the caller sent it, parsed, bounded and validated: what a save and its dry run both
 * refuse, with the same messages. The first problem is the message; all go along for the designer.
 */
export function checkedDesign(raw: unknown): { meta: FormMeta; text: string } {
  const parsed = parseFormMeta(raw);
  if (!parsed.ok) throw badRequest(parsed.message);
  // A V2 list layout saved through saveFormSeniorConfV2 is kept; otherwise it follows sensorSettings.
  // Every control carries its palette's option keys, which the original client reads (issue 44).
  const meta = withOriginDefaults(withSensorSettingsV2(parsed.meta));
  const text = JSON.stringify(meta);
  if (text.length > MAX_META_BYTES) throw new AppError(413, '表单设计过大');
  const check = validateFormMeta(meta);
  if (!check.ok) throw new AppError(400, check.errors[0]!.message, 400, check.errors);
  return { meta, text };
}

/** Publishes a checked design: the tables follow it (columns added, never dropped), then the design is stored. */
export async function publishDesign(ctx: AppContext, request: FastifyRequest, formId: string, rawMeta: unknown) {
  const { meta, text } = checkedDesign(rawMeta);
  const layout = storageLayoutOf(meta);
  const report = await ctx.db.transaction().execute(async (trx) => {
    // Serialises concurrent saves of the same form, so two designers cannot race on DDL.
    if (!(await findForm(trx, formId, true))) throw notFound('表单不存在');
    const r = await syncFormTables(trx as unknown as Kysely<unknown>, formId, layout);
    await syncDesignFileRefs(trx, authOf(request), formId, designFileIds(meta));
    await saveDesignText(trx, formId, text);
    // What was published is no longer a draft (issue 26).
    await deleteDraft(trx, formId, authOf(request).userId);
    await announceFormChange(trx, ctx.events, ctx.forms, formId);
    await writeAudit(trx, request, {
      action: '保存表单设计',
      targetType: 'form',
      targetId: formId,
      detail: { addedColumns: r.addedColumns, createdTables: r.createdTables },
    });
    return r;
  });
  ctx.forms.forget(formId);
  // The list's search indexes are built in the background, without blocking writes (issue 16).
  void searchIndexKeeper(ctx.db).schedule(formId, request.log);
  return report;
}
