import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import { parseFormMeta, validateFormMeta, withSensorSettingsV2, type FormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { announceFormChange } from './formModel.ts';
import { parseFormId } from './tableNames.ts';
import { syncFormTables } from './tableSync.ts';
import { storageLayoutOf } from './formLifecycle.ts';
import { designFileIds, syncDesignFileRefs } from './designFiles.ts';
import { authOf } from '../../plugins/auth.ts';
import { deleteDraft } from './designDraft.repo.ts';
import { searchIndexKeeper } from './list/searchIndexKeeper.ts';

const DesignBody = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  formMeta: Type.Unknown(),
});

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
  const meta = withSensorSettingsV2(parsed.meta);
  const text = JSON.stringify(meta);
  if (text.length > MAX_META_BYTES) throw new AppError(413, '表单设计过大');
  const check = validateFormMeta(meta);
  if (!check.ok) throw new AppError(400, check.errors[0]!.message, 400, check.errors);
  return { meta, text };
}

export function designRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post(
    '/api/form/saveformdesign',
    { schema: { body: DesignBody }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const body = request.body as Static<typeof DesignBody>;
      const formId = parseFormId(body.formId);
      const { meta, text } = checkedDesign(body.formMeta);
      const layout = storageLayoutOf(meta);
      const report = await db.transaction().execute(async (trx) => {
        // Serialises concurrent saves of the same form, so two designers cannot race on DDL.
        const conf = await trx
          .selectFrom('form_conf')
          .select(['id', 'form_meta'])
          .where('id', '=', formId)
          .forUpdate()
          .executeTakeFirst();
        if (!conf) throw notFound('表单不存在');
        const r = await syncFormTables(trx as unknown as Kysely<unknown>, formId, layout);
        await syncDesignFileRefs(trx, authOf(request), formId, designFileIds(meta));
        await trx
          .updateTable('form_conf')
          .set({ form_meta: text, design_version: sql`design_version + 1`, update_time: new Date() })
          .where('id', '=', formId)
          .execute();
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
      void searchIndexKeeper(db).schedule(formId, request.log);
      return { errCode: 0, ...report };
    },
  );
}
