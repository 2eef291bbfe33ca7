import type { Recipient } from '@park/core';
import { recipientSummary } from '../../flowRecipients/index.ts';

/** A card's one-line summary of who a recipient rule names; 连续多级主管 is the approver node's own. */
export function recipientText(r: Recipient | undefined, continuous = false): string {
  if (!r) return '请设置';
  if (Number(r.type) === 2 && continuous) return `连续多级主管（至第${Number(r.leader ?? 1)}级）`;
  return recipientSummary(r);
}
