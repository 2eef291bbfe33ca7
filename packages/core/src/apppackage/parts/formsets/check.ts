import { recipientPortabilityProblems } from '../flows/tree.ts';
import { IDENTIFIER, SYSTEM_COLUMNS } from '../../../form/designValidation.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { storageColumns } from '../../../form/walk.ts';
import { checkFormSet } from '../../../remind/check.ts';
import type { CondRemind } from '../../../remind/types.ts';
import type { PackagedForm, PackagedFormSet } from '../../package.ts';
import { partNotes } from '../types.ts';
import { eachRule, recipientRules } from './recipients.ts';

/*
 * A `formsets/<form code>.json` entry checked whole (ADR 0064): the 提醒设置 dialog's own save
 * checks (core checkFormSet), then what only a package can get wrong — people by id, roles not by
 * code, a field the form in the package lacks or a name outside the identifier whitelist. The
 * server's install then runs saveParkFormSet's checks again (the conditions through the condition
 * compiler against the installed form).
 */

/** Field names a rule reads: each condition's key, a 表单字段 recipient's field, a role-and-field pair's field. */
function fieldsNamed(rule: ReturnType<typeof eachRule>[number]['rule'], kind: 'formRemind' | 'condRemind'): string[] {
  const out: string[] = [];
  if (kind === 'condRemind') for (const c of (rule as CondRemind).remind?.cond ?? []) out.push(String(c?.key ?? ''));
  for (const r of recipientRules(rule)) {
    if (Number(r.type) === 4) out.push(String(r.model ?? ''));
    for (const pair of [...(r.dyncUserAndRole ?? []), ...(r.dyncOrgAndRole ?? []), ...(r.dyncCompanyAndRole ?? [])]) out.push(String(pair?.model ?? ''));
  }
  return out;
}

export function formSetProblems(code: string, raw: unknown, forms: ReadonlyMap<string, PackagedForm>): { part: PackagedFormSet | null; reasons: string[] } {
  if (!isRecord(raw) || raw.form !== code) return { part: null, reasons: [`表单设置「${code}」的内容不合法`] };
  const form = forms.get(code);
  if (!form) return { part: null, reasons: [`表单设置所属的表单「${code}」不在应用包中`] };
  const label = `表单「${form.formName}」的表单设置`;
  const notes = partNotes(raw.notes);
  if (notes === null) return { part: null, reasons: [`${label}的说明不合法`] };
  const set = raw.formSet;
  if (!isRecord(set) || !Array.isArray(set.formRemind) || !Array.isArray(set.condRemind) || Object.keys(set).some((k) => k !== 'formRemind' && k !== 'condRemind')) {
    return { part: null, reasons: [`${label}的提醒设置格式不正确`] };
  }
  const rules = set as unknown as PackagedFormSet['formSet'];
  // 默认接收人 are people of one installation; the dialog's own check, run as the install will
  // see the rules (the installer named where a rule has nobody), so it does not ask for them here.
  const asInstalled = eachRule(rules).every(({ rule }) => isRecord(rule))
    ? { formRemind: rules.formRemind.map((r) => ({ ...r, defaultRecipient: [{ id: 0 }] })), condRemind: rules.condRemind.map((r) => ({ ...r, defaultRecipient: [{ id: 0 }] })) }
    : null;
  // E-mail is the installation's to allow: the server's save decides it with its own configuration.
  const problem = asInstalled === null ? '提醒设置格式不正确' : checkFormSet(asInstalled, { mailConfigured: true });
  if (problem) return { part: null, reasons: [`${label}：${problem}`] };
  const reasons: string[] = [];
  const columns = new Set([...SYSTEM_COLUMNS, ...storageColumns(form.meta).main.map((c) => c.name)]);
  for (const { rule, kind, label: where } of eachRule(rules)) {
    if (!Array.isArray(rule.defaultRecipient) || rule.defaultRecipient.length > 0) reasons.push(`${label}：${where}指定了本系统的人员编号（默认接收人），应用包不能携带`);
    for (const r of recipientRules(rule)) reasons.push(...recipientPortabilityProblems(r, where, '接收人').map((p) => `${label}：${p}`));
    for (const field of fieldsNamed(rule, kind)) {
      if (!IDENTIFIER.test(field)) reasons.push(`${label}：${where}的字段「${field.slice(0, 64)}」不合法`);
      else if (!columns.has(field)) reasons.push(`${label}：${where}使用的字段「${field}」在表单中不存在`);
    }
  }
  return { part: { form: code, formSet: { formRemind: rules.formRemind, condRemind: rules.condRemind }, notes }, reasons };
}
