import type { Kysely } from 'kysely';
import type { FlowNode } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { FlowState } from '../instance.ts';

/** What the server does with one approval node type (the server half of core's APPROVAL_NODES). */
export interface ApprovalNodeRuntime {
  /**
   * The walk reached the node (or a return or resume opened it): make its tasks and messages in the
   * caller's transaction. True when the instance now waits at it; false when the walk goes on.
   */
  open(trx: Kysely<Database>, state: FlowState, node: FlowNode): Promise<boolean>;
  /** Whether a return may send the instance back to this node once it was passed (the initiator always may). */
  returnable: boolean;
}
