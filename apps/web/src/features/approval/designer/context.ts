/** What the approval node drawers know: the form's fields (approveItems, conditions). */
export interface FieldOption {
  model: string;
  name: string;
  type: string;
}

export interface ApprovalDesignContext {
  fields: FieldOption[];
}
