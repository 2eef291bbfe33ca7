import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The origin client's message classes. bigType groups the message centre's tabs; smallType says
 * what happened, so the client can pick an icon and a link.
 */
export const MSG_BIG_TYPE = {
  system: 0,
  approval: 1,
  automation: 2,
  park: 3,
} as const;

export const MSG_SMALL_TYPE = {
  notice: 0,
  /** An approval's copy to a cc recipient. */
  cc: 1,
  reminder: 2,
  newTask: 3,
  result: 4,
  /** A message written by an automation's 消息动作. */
  automationMessage: 5,
  automationFailure: 6,
  operations: 7,
  /** A scheduled report or subscription delivered (issue 39, ADR 0057). */
  autoReport: 8,
} as const;

export interface Notice {
  receiverIds: readonly (string | number)[];
  title: string;
  content?: string | null;
  bigType: number;
  smallType: number;
  /** What the message opens: e.g. {taskId, processInstanceId} or {formId, businessId}. */
  params?: Record<string, unknown> | null;
  menuUrl?: string | null;
}

/**
 * Writes in-app messages inside the caller's transaction, so a message exists exactly when the
 * change that caused it committed. Duplicate receivers get one message.
 */
export async function notify(db: Kysely<Database> | Transaction<Database>, notice: Notice): Promise<number> {
  const receivers = [...new Set(notice.receiverIds.map(String))];
  if (receivers.length === 0) return 0;
  const params = notice.params ? JSON.stringify(notice.params) : null;
  await db
    .insertInto('msg_message')
    .values(
      receivers.map((receiverId) => ({
        receiver_id: receiverId,
        title: notice.title,
        content: notice.content ?? null,
        msg_type: notice.bigType === MSG_BIG_TYPE.system ? 'system' : String(notice.bigType),
        big_type: notice.bigType,
        small_type: notice.smallType,
        params,
        menu_url: notice.menuUrl ?? null,
      })),
    )
    .execute();
  return receivers.length;
}
