import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** A sub-system by its sync account: the sealed secret and whether it syncs at all. */
export const findSigner = (db: Kysely<Database>, account: string) =>
  db.selectFrom('sys_module').select(['id', 'syn', 'agent_secret']).where('agent_account', '=', account).executeTakeFirst();

/** Records a signature as seen; false when it was seen before (a replay). */
export async function noteNonce(db: Kysely<Database>, sysId: string, signature: string): Promise<boolean> {
  const row = await db
    .insertInto('sync_nonce')
    .values({ sys_id: sysId, signature })
    .onConflict((oc) => oc.columns(['sys_id', 'signature']).doNothing())
    .returning('sys_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Signatures older than the cutoff can no longer be replayed (their time is stale): forget them. */
export async function purgeNonces(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const r = await db.deleteFrom('sync_nonce').where('seen_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** oidc-provider's artefacts past their expiry (the adapter ignores them; nothing else removes them). */
export async function purgeOidcPayloads(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db.deleteFrom('oidc_payload').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
