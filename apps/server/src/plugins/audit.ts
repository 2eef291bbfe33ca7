import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number | null;
  /** For updates and deletes: the previous values. Never passwords or ciphertexts. */
  detail?: unknown;
  /** For calls made before a session exists (login): who it was about. */
  actor?: { userId: string | null; username: string | null };
}

/** Writes one operation-log row; pass the transaction so the log commits with the change. */
export async function writeAudit(db: Kysely<Database>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? {
    userId: request.auth?.userId ?? null,
    username: request.auth?.user.username ?? null,
  };
  await db
    .insertInto('sys_operation_log')
    .values({
      user_id: actor.userId,
      username: actor.username,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId == null ? null : String(entry.targetId),
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
      ip: request.ip,
    })
    .execute();
}
