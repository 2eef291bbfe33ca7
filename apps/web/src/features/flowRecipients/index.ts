/**
 * Recipient rules (spec 001 §3.4, §5.4): the dialog and its pickers, shared by the automation
 * designer's message actions and the approval designer's approver and cc nodes.
 */
export { RecipientDialog } from './RecipientDialog.tsx';
export { emptyRecipient, recipientSummary, RECIPIENT_TYPES, type RecipientType } from './recipientTypes.tsx';
