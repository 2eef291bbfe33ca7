import { checkFormSet, condRemindConditions, ConditionError, emptyFormSet, parseConditions, REMIND_TEXT, type FormSet } from '@park/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { tenantScopeOf } from '../../plugins/scope.ts';
import { loadModelFor } from '../form/index.ts';
import { deleteRemindSets, logPage, reachableForm, remindSetOf, remindSetsOf, saveRemindSet } from './repo.ts';

/** No mail transport exists yet: the dialog says so and the server refuses 邮件提醒. */
export const MAIL_CONFIGURED = false;

async function formFor(db: Kysely<Database>, auth: AuthContext, formId: string) {
  const form = await reachableForm(db, formId, tenantScopeOf(auth));
  if (!form) throw notFound('表单不存在');
  return form;
}

/** queryFormSetByFormId's reply: formSet as JSON text, as the original reads it. */
export async function readFormSet(db: Kysely<Database>, auth: AuthContext, formId: string) {
  await formFor(db, auth, formId);
  const row = await remindSetOf(db, formId);
  const formSet = row ? (typeof row.form_set === 'string' ? row.form_set : JSON.stringify(row.form_set)) : JSON.stringify(emptyFormSet());
  return { errCode: 0, data: { id: row ? Number(row.id) : null, formId: Number(formId), formSet, qrCodeConf: null }, mailConfigured: MAIL_CONFIGURED };
}

/** saveFormRemindSet: the same checks as the dialog (core checkFormSet), then one upsert. */
export async function saveFormSet(db: Kysely<Database>, auth: AuthContext, formId: string, formSet: unknown) {
  const form = await formFor(db, auth, formId);
  const set = typeof formSet === 'string' ? safeParse(formSet) : formSet;
  const problem = checkFormSet(set, { mailConfigured: MAIL_CONFIGURED });
  if (problem) throw badRequest(problem);
  await checkConditions(db, formId, form.company_id === null ? null : String(form.company_id), set as FormSet);
  const id = await saveRemindSet(db, formId, set);
  return { errCode: 0, errMsg: REMIND_TEXT.saved, data: { id: Number(id), formId: Number(formId) } };
}

/** Each 数据提醒's conditions go through the condition compiler's checks (fields, match types, values). */
async function checkConditions(db: Kysely<Database>, formId: string, tenantId: string | null, set: FormSet): Promise<void> {
  if ((set.condRemind ?? []).length === 0) return;
  const columns = (await loadModelFor(db, formId, tenantId)).main.queryColumns;
  for (const rule of set.condRemind) {
    try {
      parseConditions(condRemindConditions(rule), columns);
    } catch (e) {
      if (e instanceof ConditionError) throw badRequest(e.message);
      throw e;
    }
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** 提醒记录: the send log of one form, newest first. */
export async function readLog(db: Kysely<Database>, auth: AuthContext, formId: string, pageNum: number, pageSize: number) {
  await formFor(db, auth, formId);
  const { rows, total } = await logPage(db, formId, pageNum, pageSize);
  return {
    errCode: 0,
    totalCount: total,
    datas: rows.map((r) => ({
      id: Number(r.id),
      ruleKind: r.rule_kind,
      ruleIndex: r.rule_index,
      businessId: r.record_id === null ? null : Number(r.record_id),
      title: r.title,
      receiverId: Number(r.receiver_id),
      receiverName: r.real_name ?? '',
      channel: r.channel,
      result: r.result,
      createTime: r.create_time,
    })),
  };
}

/**
 * A park form's 提醒设置 written by an application's install (issue 41, ADR 0064: the package's
 * 表单设置 part), through the same checks as saveFormRemindSet, in the caller's transaction; no
 * user's reach to check, the caller is the install. The row's id.
 */
export async function saveParkFormSet(db: Kysely<Database>, formId: string, set: FormSet): Promise<string> {
  const problem = checkFormSet(set, { mailConfigured: MAIL_CONFIGURED });
  if (problem) throw badRequest(problem);
  await checkConditions(db, formId, null, set);
  return saveRemindSet(db, formId, set);
}

/** Park forms' saved settings by form id (an application's export and preview). */
export async function parkFormSets(db: Kysely<Database>, formIds: readonly string[]): Promise<Map<string, { id: string; set: FormSet }>> {
  const rows = await remindSetsOf(db, formIds);
  return new Map(rows.map((r) => [String(r.form_id), { id: String(r.id), set: (typeof r.form_set === 'string' ? JSON.parse(r.form_set) : r.form_set) as FormSet }]));
}

/** 卸载 of an application's form settings (and those an upgrade no longer ships). */
export const removeFormSets = (db: Kysely<Database>, ids: readonly string[]): Promise<void> => deleteRemindSets(db, ids);
