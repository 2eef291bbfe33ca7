import type { FlowField } from '@park/core';

/** What the approval node drawers know: the form's main fields (approveItems, conditions, recipients). */
export interface ApprovalDesignContext {
  fields: FlowField[];
}
