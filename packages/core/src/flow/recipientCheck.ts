import { FLOW_TEXT } from './messages.ts';
import { SUPERVISOR_LEVELS } from './recipients.ts';
import type { Recipient } from './types.ts';

const filled = (list: unknown[] | undefined) => Array.isArray(list) && list.length > 0;

type RecipientCheck = (r: Recipient) => string | null;

const roleAndField = (list: Recipient['dyncUserAndRole']): string | null => {
  if (!filled(list)) return FLOW_TEXT.role;
  for (const item of list!) {
    if (!item.roleId) return FLOW_TEXT.role;
    if (!item.model) return FLOW_TEXT.formField;
  }
  return null;
};

/** The recipient dialog's submit checks (spec 001 §5.4), one per type; shared by message actions, approvers and cc. */
const CHECKS: Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10, RecipientCheck> = {
  0: (r) => (filled(r.role) ? null : FLOW_TEXT.roles),
  1: (r) => (filled(r.person) ? null : FLOW_TEXT.person),
  2: (r) => (SUPERVISOR_LEVELS.includes(Number(r.leader) as 1) ? null : FLOW_TEXT.leader),
  3: () => null,
  4: (r) => (r.model ? null : FLOW_TEXT.formInfo),
  5: (r) => {
    const list = r.orgAndRole ?? [];
    if (list.length === 0 || list.some((x) => !x.roleId)) return FLOW_TEXT.role;
    return list.some((x) => !x.orgId) ? FLOW_TEXT.org : null;
  },
  6: (r) => roleAndField(r.dyncUserAndRole),
  7: (r) => (filled(r.cuserOrgAndRole) || filled(r.role) ? null : FLOW_TEXT.role),
  8: (r) => roleAndField(r.dyncOrgAndRole),
  10: (r) => roleAndField(r.dyncCompanyAndRole),
  9: (r) => {
    const conds = r.conditions ?? [];
    for (const [i, c] of conds.entries()) {
      if (!c.key) return FLOW_TEXT.groupField(i + 1);
      if (!c.opt || c.value === undefined || c.value === null || c.value === '') return FLOW_TEXT.groupOpt(i + 1);
    }
    return filled(r.person) || filled(r.role) ? null : FLOW_TEXT.person;
  },
};

export function checkRecipient(r: Recipient | undefined | null): string | null {
  const type = Number(r?.type);
  if (!r || !Number.isInteger(type) || type < 0 || type > 10) return FLOW_TEXT.recipient;
  return CHECKS[type as keyof typeof CHECKS](r);
}
