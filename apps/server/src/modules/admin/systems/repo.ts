import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** sys_module: the 子系统 the top bar's module list offers (issue 40 adds SSO and sync). */

export interface SysValues {
  sys_name: string;
  sys_url: string;
  status: 0 | 1;
  sys_desc: string | null;
  sso: 0 | 1;
  sso_mode: string | null;
  syn: 0 | 1;
  redirect_uris: string;
  logout_uris: string;
  webhook_url: string | null;
}

export async function nameTaken(db: Kysely<Database>, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_module').select('id').where('sys_name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function accountTaken(db: Kysely<Database>, account: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_module').select('id').where('agent_account', '=', account);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function findSys(db: Kysely<Database>, id: string) {
  return db.selectFrom('sys_module').select(['id', 'sys_name', 'sys_url', 'status', 'order_index', 'sso', 'syn', 'agent_account']).where('id', '=', id).executeTakeFirst();
}

/** The next place at the end of the list. */
export async function nextOrderIndex(db: Kysely<Database>): Promise<number> {
  const max = await db.selectFrom('sys_module').select((eb) => eb.fn.max('order_index').as('m')).executeTakeFirst();
  return max?.m == null ? 1 : Number(max.m) + 1;
}

export async function insertSys(db: Kysely<Database>, values: SysValues & { order_index: number }): Promise<string> {
  const row = await db.insertInto('sys_module').values(values).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateSys(db: Kysely<Database>, id: string, values: SysValues & { order_index: number }): Promise<void> {
  await db.updateTable('sys_module').set(values).where('id', '=', id).execute();
}

/** A new sealed secret replaces the old one at once: the old one signs nothing from now on. */
export async function setAgent(db: Kysely<Database>, id: string, values: { agent_account: string; agent_secret: string; syn: 0 | 1 }): Promise<void> {
  await db
    .updateTable('sys_module')
    .set({ ...values, secret_time: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSys(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sys_module').where('id', '=', id).execute();
}
