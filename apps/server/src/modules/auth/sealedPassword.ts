import type { Kysely } from 'kysely';
import { checkEnvelope, ENVELOPE_MAX_AGE_MS } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { decryptSealed, type LoginKeys } from './keys.ts';

/**
 * Opens a sealed password (DESIGN.md §5.1). Returns the password, or null for anything wrong:
 * bad ciphertext, bad JSON, stale, from the future, or a nonce already used. Callers answer every
 * null with the same generic message so nothing is learned from the failure.
 */
export async function openSealedPassword(
  db: Kysely<Database>,
  keys: LoginKeys,
  sealed: string,
): Promise<string | null> {
  const plain = decryptSealed(keys, sealed);
  if (plain === null) return null;
  const now = Date.now();
  const checked = checkEnvelope(plain, now);
  if (!checked.ok) return null;
  // The nonce is kept until the envelope would be stale anyway; the primary key refuses replays.
  const inserted = await db
    .insertInto('auth_nonce')
    .values({ nonce: checked.envelope.n, expires_at: new Date(now + ENVELOPE_MAX_AGE_MS * 2) })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!inserted) return null;
  return checked.envelope.p;
}

export async function purgeNonces(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('auth_nonce').where('expires_at', '<', new Date()).execute();
}
