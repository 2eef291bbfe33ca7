import type { PackagedFormSet } from '../../package.ts';
import { APP_CODE } from '../../format.ts';
import { recipientRoleCodes } from '../flows/tree.ts';
import { compareAction, sameJson, type PartKind } from '../types.ts';
import { formSetProblems } from './check.ts';
import { eachRule, recipientRules } from './recipients.ts';

/*
 * 表单设置 (ADR 0064): a form's 提醒设置 in its application's package, one entry per form code.
 * Read after the forms (a rule names the form's fields), previewed against the installed
 * settings made portable as export makes them.
 */

/** Role codes the settings name (`@role:<code>` without the prefix). */
export function formSetRoleCodes(fs: PackagedFormSet): string[] {
  return [...new Set(eachRule(fs.formSet).flatMap(({ rule }) => recipientRules(rule).flatMap((r) => recipientRoleCodes(r))))];
}

export const formSetsKind: PartKind<PackagedFormSet> = {
  kind: 'form_settings',
  label: '表单设置',
  key: 'formsets',
  code: APP_CODE,
  optional: true,
  codeOf: (f) => f.form,
  read(code, raw, ctx) {
    return formSetProblems(code, raw, new Map((ctx.read.forms ?? []).map((f) => [f.code, f])));
  },
  preview(sets, { state, formName }) {
    const reasons: string[] = [];
    const notes: string[] = [];
    const installed = state.portable?.get('form_settings');
    const parts = sets.map((fs) => {
      const name = formName(fs.form);
      notes.push(...fs.notes.map((n) => `表单「${name}」的表单设置：${n}`));
      const lacking = formSetRoleCodes(fs).filter((c) => state.roleCodes !== undefined && !state.roleCodes.has(c));
      if (lacking.length > 0) reasons.push(`表单「${name}」的提醒设置使用的角色「${lacking.join('、')}」在本系统中不存在：请先创建这些角色`);
      const action = compareAction(installed?.get(fs.form), fs.formSet, sameJson);
      return { kind: 'form_settings', label: '表单设置', code: fs.form, name: `${name}（表单设置）`, action, added: [], changed: [] };
    });
    return { parts, reasons, notes };
  },
};

export { mapRemindRecipients, eachRule, recipientRules, type RemindRule } from './recipients.ts';
export { formSetProblems } from './check.ts';
