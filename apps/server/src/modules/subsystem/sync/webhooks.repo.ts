import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** Sub-systems that want pushes: syncing, with a webhook address and a secret to sign with. */
export const webhookSystems = (db: Kysely<Database>) =>
  db
    .selectFrom('sys_module')
    .select(['id'])
    .where('syn', '=', 0)
    .where('webhook_url', 'is not', null)
    .where('agent_secret', 'is not', null)
    .orderBy('id')
    .execute();

/** Locks the sub-system's webhook cursor for one dispatch (another instance skips it). */
export const lockWebhookCursor = (db: Kysely<Database>, sysId: string) =>
  db.selectFrom('sys_module').select(['id', 'webhook_seq']).where('id', '=', sysId).forUpdate().skipLocked().executeTakeFirst();

export const setWebhookCursor = (db: Kysely<Database>, sysId: string, seq: string) =>
  db.updateTable('sys_module').set({ webhook_seq: seq }).where('id', '=', sysId).execute();

/** The granted interfaces and scopes of a sub-system: code → 'all' or its tenant ids. */
export async function grantedScopes(db: Kysely<Database>, sysId: string): Promise<Map<string, 'all' | Set<string>>> {
  const rows = await db
    .selectFrom('sys_rel_inter as g')
    .innerJoin('sync_interface as i', 'i.id', 'g.inter_id')
    .select(['i.inter_code', 'g.company_id'])
    .where('g.sys_id', '=', sysId)
    .execute();
  const scopes = new Map<string, 'all' | Set<string>>();
  for (const r of rows) {
    const cur = scopes.get(r.inter_code);
    if (r.company_id === null || cur === 'all') scopes.set(r.inter_code, 'all');
    else scopes.set(r.inter_code, (cur ?? new Set<string>()).add(r.company_id));
  }
  return scopes;
}

export const changesSince = (db: Kysely<Database>, seq: string, codes: string[], limit: number) =>
  db.selectFrom('sync_change').select(['seq', 'inter_code', 'company_id']).where('seq', '>', seq).where('inter_code', 'in', codes).orderBy('seq').limit(limit).execute();

export const insertDelivery = (db: Kysely<Database>, row: { sys_id: string; from_seq: string; to_seq: string; entities: string[]; change_count: number }) =>
  db
    .insertInto('sync_delivery')
    .values({ ...row, entities: JSON.stringify(row.entities) })
    .returning('id')
    .executeTakeFirstOrThrow();

export const findDelivery = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('sync_delivery as d')
    .innerJoin('sys_module as s', 's.id', 'd.sys_id')
    .select(['d.id', 'd.sys_id', 'd.from_seq', 'd.to_seq', 'd.entities', 'd.change_count', 'd.status', 's.webhook_url', 's.agent_account', 's.agent_secret'])
    .where('d.id', '=', id)
    .executeTakeFirst();

export async function recordAttempt(db: Kysely<Database>, id: string, outcome: { ok: boolean; httpStatus: number | null; error: string | null }): Promise<void> {
  await db
    .updateTable('sync_delivery')
    .set({
      attempts: sql`attempts + 1`,
      status: outcome.ok ? 1 : 2,
      http_status: outcome.httpStatus,
      last_error: outcome.error === null ? null : outcome.error.slice(0, 500),
      ...(outcome.ok ? { delivered_time: new Date() } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function listDeliveries(db: Kysely<Database>, sysId: string, offset: number, limit: number) {
  const base = db.selectFrom('sync_delivery').where('sys_id', '=', sysId);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
