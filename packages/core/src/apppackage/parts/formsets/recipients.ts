import type { Recipient } from '../../../flow/types.ts';
import type { CondRemind, FormRemind } from '../../../remind/types.ts';
import type { PackagedFormSet } from '../../package.ts';

/*
 * Where a form's 提醒设置 names people and roles (ADR 0064): each 定时填报提醒 and 数据提醒 has a
 * recipient block (one rule, or a list after the picker) and 默认接收人 (people by id). The same
 * walk serves export (ids → codes), install (codes → ids) and the checks.
 */

export type RemindRule = FormRemind | CondRemind;
type Rules = PackagedFormSet['formSet'];

/** How a rule is named to a person: 数据提醒「证照将到期」, 第 2 条定时填报提醒. */
export function ruleLabel(rule: RemindRule, kind: 'formRemind' | 'condRemind', index: number): string {
  if (kind === 'condRemind') return `数据提醒「${String((rule as CondRemind).remind?.title ?? '').slice(0, 50) || index + 1}」`;
  return `第 ${index + 1} 条定时填报提醒`;
}

/** A rule's recipient rules as a list (the dialog stores one or several). */
export const recipientRules = (rule: RemindRule): Recipient[] => (Array.isArray(rule.recipient) ? rule.recipient : rule.recipient ? [rule.recipient] : []);

/**
 * A copy of the settings with every recipient rule mapped (`map` returns the rule to keep, or null
 * to drop it) and 默认接收人 replaced by `people(rule, kind, index)`.
 */
export function mapRemindRecipients(
  set: Rules,
  map: (r: Recipient, where: string) => Recipient | null,
  people: (rule: RemindRule, kind: 'formRemind' | 'condRemind', index: number) => RemindRule['defaultRecipient'],
): Rules {
  const one = <T extends RemindRule>(kind: 'formRemind' | 'condRemind') => (rule: T, i: number): T => {
    const where = ruleLabel(rule, kind, i);
    const kept = recipientRules(rule).flatMap((r) => {
      const to = map(r, where);
      return to === null ? [] : [to];
    });
    // An empty block reads as 「only the default recipients」 (check.ts's untouched block).
    return { ...rule, recipient: kept.length === 1 ? kept[0]! : kept.length === 0 ? { type: 0, role: [] } : kept, defaultRecipient: people(rule, kind, i) };
  };
  return { formRemind: set.formRemind.map(one<FormRemind>('formRemind')), condRemind: set.condRemind.map(one<CondRemind>('condRemind')) };
}

/** Every rule with its kind, index and label, for checks that read each. */
export function eachRule(set: Rules): Array<{ rule: RemindRule; kind: 'formRemind' | 'condRemind'; index: number; label: string }> {
  return [
    ...set.formRemind.map((rule, index) => ({ rule, kind: 'formRemind' as const, index, label: ruleLabel(rule, 'formRemind', index) })),
    ...set.condRemind.map((rule, index) => ({ rule, kind: 'condRemind' as const, index, label: ruleLabel(rule, 'condRemind', index) })),
  ];
}
