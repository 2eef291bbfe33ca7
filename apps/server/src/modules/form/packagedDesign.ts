import type { Kysely, Transaction } from 'kysely';
import { withOriginDefaults, withSensorSettingsV2, type FormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { announceFormChange } from './formModel.ts';
import { groupIdNamed, insertForm, saveDesignText } from './formConf.repo.ts';
import { dropEmptyForm, lockAndCheckData, storageLayoutOf } from './formLifecycle.ts';
import { syncFormTables } from './tableSync.ts';

/**
 * A design arriving in an application package (issue 41), published inside the caller's
 * transaction as saveformdesign publishes one: the form row made if it is new, its tables
 * following the design (columns added, never dropped), the design stored and announced. The
 * caller has validated the design with core's validateFormMeta (the package reader does).
 */
export async function installFormDesign(
  trx: Kysely<Database>,
  ctx: AppContext,
  form: { formId: string | null; formName: string; meta: FormMeta; createBy: string },
): Promise<string> {
  const meta = withOriginDefaults(withSensorSettingsV2(form.meta));
  const formId = form.formId ?? (await insertForm(trx, { formName: form.formName, formType: '0', groupId: null, createBy: form.createBy }));
  if (form.formId) await trx.updateTable('form_conf').set({ form_name: form.formName }).where('id', '=', form.formId).execute();
  await syncFormTables(trx as unknown as Kysely<unknown>, formId, storageLayoutOf(meta));
  await saveDesignText(trx, formId, JSON.stringify(meta));
  await announceFormChange(trx, ctx.events, ctx.forms, formId);
  return formId;
}

/**
 * A packaged form's group in 表单管理 (issue 41, ADR 0068), found by name or made. Only a form in
 * 未分组 joins it — one just installed, or one installed before packages carried groups; a form
 * the administrator has put in a group stays there, as the upgrade keeps their other choices.
 */
export async function placePackagedFormInGroup(trx: Kysely<Database>, formId: string, groupName: string): Promise<void> {
  const form = await trx.selectFrom('form_conf').select('group_id').where('id', '=', formId).executeTakeFirstOrThrow();
  if (form.group_id !== null) return;
  await trx.updateTable('form_conf').set({ group_id: await groupIdNamed(trx, groupName) }).where('id', '=', formId).execute();
}

/**
 * 卸载 of one of an application's forms: refused (false) while it holds a record; otherwise the
 * form goes as an empty form is deleted (tables, menus, the row), inside the caller's transaction.
 */
export async function removeEmptyPackagedForm(trx: Transaction<Database>, ctx: AppContext, formId: string): Promise<boolean> {
  if (await lockAndCheckData(trx, formId)) return false;
  await dropEmptyForm(trx, formId);
  await announceFormChange(trx, ctx.events, ctx.forms, formId);
  return true;
}
