import { checkRecipient } from '../flow/recipientCheck.ts';
import type { Recipient } from '../flow/types.ts';
import { REMIND_TEXT } from './messages.ts';
import type { CondRemind, FormRemind, FormSet } from './types.ts';

const MAX_REMINDS = 50;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WEEK_DAYS = new Set(['1', '2', '3', '4', '5', '6', '7']);

export interface RemindCheckOptions {
  /** E-mail may be chosen only when the server has a mail transport. */
  mailConfigured: boolean;
}

const list = <T>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);

/** The recipient block: the original stores one rule or, after the picker, a list of rules. */
function recipientProblem(r: Recipient | Recipient[] | undefined): string | null {
  const rules = Array.isArray(r) ? r : r ? [r] : [];
  for (const rule of rules) {
    // An untouched block (type 0, no roles) means only the default recipients.
    const empty = Number(rule.type) === 0 && list(rule.role).length === 0;
    if (!empty) {
      const problem = checkRecipient({ ...rule, type: Number(rule.type) });
      if (problem) return problem;
    }
  }
  return null;
}

function waysProblem(ways: unknown, o: RemindCheckOptions): string | null {
  const w = list<string>(ways).map(String);
  if (w.length === 0 || w.some((x) => !['1', '2', '3'].includes(x))) return REMIND_TEXT.remindWay;
  if (w.includes('3') && !o.mailConfigured) return REMIND_TEXT.mailOff;
  return null;
}

function formRemindProblem(f: FormRemind, o: RemindCheckOptions): string | null {
  const r = f.remind ?? ({} as FormRemind['remind']);
  if (!['day', 'week', 'mouth'].includes(r.remindType)) return REMIND_TEXT.remindType;
  const days = list<string | number>(r.remindDay).map(String);
  if (r.remindType === 'week' && (days.length === 0 || days.some((d) => !WEEK_DAYS.has(d)))) return REMIND_TEXT.remindDay;
  if (r.remindType === 'mouth' && (days.length === 0 || days.some((d) => !(Number(d) >= 1 && Number(d) <= 31 && Number.isInteger(Number(d)))))) {
    return REMIND_TEXT.remindDay;
  }
  if (!TIME.test(String(r.remindTime ?? ''))) return REMIND_TEXT.remindTime;
  if (list(f.defaultRecipient).length === 0 && recipientIsEmpty(f.recipient)) return REMIND_TEXT.defaultRecipient;
  return waysProblem(r.remindWay, o) ?? recipientProblem(f.recipient);
}

function recipientIsEmpty(r: Recipient | Recipient[] | undefined): boolean {
  const rules = Array.isArray(r) ? r : r ? [r] : [];
  return rules.every((rule) => Number(rule.type) === 0 && list(rule.role).length === 0);
}

function condRemindProblem(c: CondRemind, o: RemindCheckOptions): string | null {
  // The original's one check, first: a 数据提醒 needs its default recipients.
  if (list(c.defaultRecipient).length === 0) return REMIND_TEXT.defaultRecipient;
  const r = c.remind ?? ({} as CondRemind['remind']);
  if (!String(r.title ?? '').trim()) return REMIND_TEXT.title;
  const conds = list<CondRemind['remind']['cond'][number]>(r.cond);
  if (conds.length === 0) return REMIND_TEXT.cond;
  for (const [i, cond] of conds.entries()) {
    if (!cond.key) return REMIND_TEXT.condField(i + 1);
    if (String(cond.condType) === '3') {
      if (!cond.dateCond?.type) return REMIND_TEXT.condValue(i + 1);
    } else if (list(cond.conds).length === 0 || list<{ matchType: string }>(cond.conds).some((x) => !x.matchType)) {
      return REMIND_TEXT.condValue(i + 1);
    }
  }
  if (String(r.condType) === '2') {
    const n = Number(r.period?.count);
    if (!['day', 'month'].includes(String(r.period?.type)) || !Number.isInteger(n) || n < 1 || n > 366) return REMIND_TEXT.period;
  }
  return waysProblem(r.remindWay, o) ?? recipientProblem(c.recipient);
}

/** The save checks of 提醒设置, shared by the dialog and saveFormRemindSet: the first problem, or null. */
export function checkFormSet(input: unknown, o: RemindCheckOptions): string | null {
  if (typeof input !== 'object' || input === null) return REMIND_TEXT.shape;
  const set = input as Partial<FormSet>;
  if ((set.formRemind !== undefined && !Array.isArray(set.formRemind)) || (set.condRemind !== undefined && !Array.isArray(set.condRemind))) {
    return REMIND_TEXT.shape;
  }
  const forms = set.formRemind ?? [];
  const conds = set.condRemind ?? [];
  if (forms.length + conds.length > MAX_REMINDS) return REMIND_TEXT.tooMany;
  for (const c of conds) {
    const p = typeof c === 'object' && c ? condRemindProblem(c, o) : REMIND_TEXT.shape;
    if (p) return p;
  }
  for (const f of forms) {
    const p = typeof f === 'object' && f ? formRemindProblem(f, o) : REMIND_TEXT.shape;
    if (p) return p;
  }
  return null;
}

/** The formSet the dialog starts with when none was saved (the original's default). */
export function emptyFormSet(): FormSet {
  return { formRemind: [], condRemind: [], dataPermissions: { field: { name: '录入人员', model: 'user_id' }, groups: [] } };
}
