/**
 * Approval flows (spec 002, DESIGN.md §10.2) share this tree, its operations (../tree.ts),
 * conditions and recipients. Their registry belongs here, one file per node type as in
 * ../automation/:
 *
 *   export const APPROVAL_NODES: NodeRegistry<ApprovalNodeType> = { 0: initiator, 1: approver, 2: cc, 3: condition, 4: route };
 *
 * Approver and cc nodes check their recipient with checkRecipient and resolve it with
 * resolveRecipients (../recipients.ts), exactly as message actions do.
 */
export type ApprovalNodeType = 0 | 1 | 2 | 3 | 4;
