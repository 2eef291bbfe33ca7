import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../db/schema.ts';

/**
 * oidc-provider's storage contract on PostgreSQL (oidc_payload): codes, tokens, sessions, grants and
 * interactions survive a restart and are shared by every instance. Clients are not stored here:
 * they are the 子系统 rows (clients.ts).
 */
export function pgAdapter(db: Kysely<Database>, findClient: (id: string) => Promise<AdapterPayload | undefined>) {
  return class PgAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payload')
        .values(row)
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }))
        .execute();
    }

    private async one(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payload')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}) };
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findClient(id);
      return this.one('id', id);
    }

    findByUid(uid: string) {
      return this.one('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.one('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_payload').set({ consumed_at: new Date() }).where('model', '=', this.model).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Expired artefacts are removed now and then (the provider itself never deletes them). */
export async function purgeExpiredOidc(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('oidc_payload').where('expires_at', '<', new Date()).execute();
}
